package dev.probe.cli.redo;

import dev.probe.cli.common.LabCheck;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.params.Direction;
import dev.probe.core.pathmtu.PathMtu;
import dev.probe.core.pathmtu.PathMtuProbe;
import dev.probe.core.protocol.Handshake;
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
     * A run that stalled after the handshake: the path MTU is searched the way the data went (seconds), and a black
     * hole (or a path that stalls at any size) is named in the failure; otherwise the failure as it was.
     */
    private static ProbeException stalled(RedoConfig config, PrintWriter out, ProbeException e, RunStop stop)
            throws InterruptedException {
        out.println("The stream stalled after the handshake: checking the path MTU ...");
        out.flush();
        boolean forward = !config.params().reverse();
        PathMtu p;
        try {
            p = new PathMtuProbe(config.target()).check(forward, stop);
        } catch (ProbeException again) {
            return e;
        }
        if (!p.stalls()) {
            return e;
        }
        return new ProbeException(e.kind(), e.getMessage() + "; " + (forward
                ? p.describe("this host to the server", "this host") : p.describe("the server to this host",
                        "the server")));
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
            boolean[] ready = {false};
            listeners.add(new RunListener() {
                @Override
                public void onReady(Handshake.Ready r, int sndbuf) {
                    ready[0] = true;
                }
            });
            try {
                return new RedoClient(config).run(RunListener.all(listeners.toArray(new RunListener[0])), stop);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } catch (ProbeException e) {
                throw ready[0] && e.kind() == ProbeException.Kind.TIMEOUT && stop.reason() == null
                        ? stalled(config, out, e, stop) : e;
            }
        } finally {
            for (Closeable c : files) {
                c.close();
            }
        }
    }
}
