package dev.probe.cli.redo;

import dev.probe.cli.common.LabCheck;
import dev.probe.core.client.RunStop;
import dev.probe.core.params.Direction;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.CsvIntervalWriter;
import dev.probe.core.result.HlogWriter;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one client test with the console report and the optional result files and event stream. */
final class TestRunner {
    private TestRunner() {
    }

    /**
     * Runs the test until its end or {@code stop}; the summary and {@code --json} are written also for a run that
     * failed in its data phase (marked incomplete), before the failure is thrown.
     */
    static TestResult run(RedoConfig config, PrintWriter out, Path json, Path csv, Path hlog, JsonStream stream,
                          RunStop stop) throws IOException, InterruptedException {
        ConsoleReport console = new ConsoleReport(out, config.params());
        console.printRequest(config);
        LabCheck.warn(out, Direction.BACKUP); // redo flows from the client (primary) to the server (standby)
        List<RunListener> listeners = new ArrayList<>(List.of(console));
        List<Closeable> files = new ArrayList<>();
        try {
            if (csv != null) {
                CsvIntervalWriter w = new CsvIntervalWriter(csv);
                files.add(w);
                listeners.add(w);
            }
            if (hlog != null) {
                HlogWriter w = new HlogWriter(hlog);
                files.add(w);
                listeners.add(w);
            }
            listeners.add(stream.runListener(config.target().host(), config.target().port(),
                    config.params().toJson()));
            if (json != null) {
                listeners.add(new RunListener() {
                    @Override
                    public void onFinished(TestResult result) {
                        ResultFiles.writeJsonUnchecked(json, result.toJson());
                    }
                });
            }
            try {
                return new RedoClient(config).run(RunListener.all(listeners.toArray(new RunListener[0])), stop);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        } finally {
            for (Closeable c : files) {
                c.close();
            }
        }
    }
}
