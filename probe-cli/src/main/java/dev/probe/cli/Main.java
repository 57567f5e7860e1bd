package dev.probe.cli;

import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.LeanJvm;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;

/** Entry point of {@code probe.jar}: translates oratcptest's spelling, then runs the picocli command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        LeanJvm.restartIfDefault(args);
        System.setProperty("java.awt.headless", "true");
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err));
    }

    /** Runs {@code args} and returns the exit code; output goes to {@code out} and {@code err}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        quietNettyMachineId();
        Errors errors = new Errors(Arrays.asList(args).contains("--debug"), OratcptestArgs.typed(args));
        String[] effective = args;
        String near = OratcptestArgs.nearCommand(args, ProbeCommand.names());
        if (near != null) {
            err.println("probe: unknown command '" + args[0] + "'; did you mean '" + near + "'? (see 'probe --help')");
            err.flush();
            return ExitCodes.USAGE;
        }
        if (OratcptestArgs.applies(args, ProbeCommand.names())) {
            try {
                effective = OratcptestArgs.translate(args);
            } catch (IllegalArgumentException e) {
                err.println("probe: " + e.getMessage() + " (see 'probe --help')");
                err.flush();
                return ExitCodes.USAGE;
            }
        }
        CommandLine cmd = ProbeCommand.commandLine(effective);
        cmd.setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors);
        CommandLine lab = cmd.getSubcommands().get("lab");
        CommandLine labRun = lab == null ? null : lab.getSubcommands().get("run");
        if (labRun != null) {
            labRun.setStopAtPositional(true);
        }
        versionEverywhere(cmd);
        int code = cmd.execute(effective);
        out.flush();
        err.flush();
        return code;
    }

    /**
     * Netty derives channel ids from a MAC address and warns on stderr when it finds none (as inside a lab
     * namespace); a random machine id, which is all Netty falls back to anyway, keeps that line off the console.
     */
    private static void quietNettyMachineId() {
        if (System.getProperty("io.netty.machineId") == null) {
            byte[] id = new byte[8];
            ThreadLocalRandom.current().nextBytes(id);
            id[0] |= 0x02;
            StringBuilder sb = new StringBuilder();
            for (byte b : id) {
                sb.append(sb.length() == 0 ? "" : ":").append(String.format("%02x", b & 0xff));
            }
            System.setProperty("io.netty.machineId", sb.toString());
        }
    }

    /** Every subcommand offers --version (mixinStandardHelpOptions); each answers with the top command's version. */
    static void versionEverywhere(CommandLine cmd) {
        for (CommandLine sub : cmd.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new Version());
            versionEverywhere(sub);
        }
    }

    /** The version printed by {@code --version} (and in the man pages' footer). */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            // outside the jar (the man pages' build step runs from classes) the build passes its version
            String version = v != null ? v : System.getProperty("probe.version", "dev");
            return new String[] {"probe " + version + ", Java " + System.getProperty("java.version")};
        }
    }
}
