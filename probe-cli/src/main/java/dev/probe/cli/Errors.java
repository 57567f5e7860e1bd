package dev.probe.cli;

import dev.probe.cli.common.ExitCodes;
import dev.probe.core.client.ProbeException;
import dev.probe.core.error.CannotRunException;
import dev.probe.core.error.UsageException;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.report.ReportInputException;
import io.netty.channel.unix.Errors.NativeIoException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** Turns every error into one line on stderr and an exit code; a stack trace only with {@code --debug}. */
final class Errors implements IExecutionExceptionHandler, IParameterExceptionHandler {
    private final boolean debug;

    private final Map<String, String> typed;

    /** {@code typed}: parameter names the user wrote in oratcptest's spelling, as written ({@code -num_conn=}). */
    Errors(boolean debug, Map<String, String> typed) {
        this.debug = debug;
        this.typed = typed;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("probe: " + ex.getMessage() + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        err.println("probe: " + (ex instanceof BadParameterException ? asTyped((BadParameterException) ex, cmd)
                : message(ex)));
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return exitCode(ex);
    }

    /**
     * A parameter's check in the words of the command line: "num_conn: 0 is out of range" becomes
     * "--num-conn: ..." (or "-num_conn=: ..." when typed oratcptest's way); names no option has stay as they are.
     */
    private String asTyped(BadParameterException ex, CommandLine cmd) {
        String p = ex.parameter();
        String detail = ex.getMessage().substring(Math.min(ex.getMessage().length(), p.length() + 2));
        if (typed.containsKey(p)) {
            return typed.get(p) + ": " + detail;
        }
        String flag = "--" + p.replace('_', '-');
        return (p.startsWith("-") || cmd.getCommandSpec().findOption(flag) == null ? p : flag) + ": " + detail;
    }

    static int exitCode(Throwable ex) {
        if (ex instanceof ProbeException) {
            return ExitCodes.of((ProbeException) ex);
        }
        if (ex instanceof UsageException || ex instanceof ReportInputException || ex instanceof NoSuchFileException) {
            return ExitCodes.USAGE;
        }
        return ExitCodes.FAILED;
    }

    static String message(Throwable ex) {
        if (isProbes(ex)) {
            return ex.getMessage();
        }
        if (ex instanceof BindException || ex instanceof NativeIoException) {
            return "cannot listen: " + ex.getMessage();
        }
        if (ex instanceof NoSuchFileException) {
            return "no such file: " + ((NoSuchFileException) ex).getFile();
        }
        if (ex instanceof IOException) {
            return "I/O error: " + ex.getMessage();
        }
        return "internal error: " + ex + " (run with --debug for details)";
    }

    /** probe's own exceptions, whose messages are written for the user; anything else is an internal error. */
    private static boolean isProbes(Throwable ex) {
        return ex instanceof ProbeException || ex instanceof UsageException || ex instanceof CannotRunException
                || ex instanceof ReportInputException || ex instanceof IntegrityException
                || ex instanceof ProtocolException;
    }
}
