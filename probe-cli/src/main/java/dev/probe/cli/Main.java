package dev.probe.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;

/** Entry point of {@code probe.jar}: translates oratcptest's spelling, then runs the picocli command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err));
    }

    /** Runs {@code args} and returns the exit code; output goes to {@code out} and {@code err}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        Errors errors = new Errors(Arrays.asList(args).contains("--debug"));
        String[] effective = args;
        if (OratcptestArgs.applies(args)) {
            try {
                effective = OratcptestArgs.translate(args);
            } catch (IllegalArgumentException e) {
                err.println("probe: " + e.getMessage() + " (see 'probe --help')");
                err.flush();
                return ExitCodes.USAGE;
            }
        }
        CommandLine cmd = new CommandLine(new ProbeCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors);
        int code = cmd.execute(effective);
        out.flush();
        err.flush();
        return code;
    }

    /** The version printed by {@code --version}. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"probe " + (v == null ? "dev" : v) + ", Java " + System.getProperty("java.version")};
        }
    }
}
