package dev.probe.cli.common;

import dev.probe.core.result.JsonStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --json-stream FILE|-}: a run's events as JSON lines while it runs ({@link JsonStream}); with {@code -} they
 * take standard output and the console report moves to standard error, so the output can be piped to jq.
 */
public final class JsonStreamOption {
    @Option(names = "--json-stream", paramLabel = "FILE|-",
            description = "Write the run's events as they happen, one JSON object a line (start, each interval, end; "
                    + "like iperf3's --json-stream), appended to FILE, or to standard output with - (the report then "
                    + "goes to standard error).")
    public String target;

    /** Checks the path before anything runs (as --json's). */
    public void check() {
        if (target != null && !target.equals("-")) {
            OutputPaths.file("--json-stream", Path.of(target));
        }
    }

    /** True when the events take standard output. */
    public boolean toStdout() {
        return "-".equals(target);
    }

    /** The stream, or {@link JsonStream#NONE} when not asked for. */
    public JsonStream open() throws IOException {
        if (target == null) {
            return JsonStream.NONE;
        }
        return toStdout() ? JsonStream.to(new FileOutputStream(FileDescriptor.out)) : JsonStream.open(Path.of(target));
    }

    /** Where the human report goes: standard error when the events take standard output. */
    public PrintWriter console(CommandSpec spec) {
        return toStdout() ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }

    /** A line on {@code err} when the stream stopped early (the run itself went on). */
    public static void warnIfCut(JsonStream stream, PrintWriter err) {
        if (stream.failure() != null) {
            err.println("probe: --json-stream stopped early: " + stream.failure());
            err.flush();
        }
    }
}
