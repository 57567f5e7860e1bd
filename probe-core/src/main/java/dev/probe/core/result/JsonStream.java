package dev.probe.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * A run's events as newline-delimited JSON ({@code --json-stream FILE|-}), as iperf3's {@code --json-stream}: one
 * object a line, {@code {"event": "start"|"interval"|...|"end", "time": ISO-8601, "data": {...}}}, written and flushed
 * as each happens, so a long run can be followed (and a cut one keeps what it saw). The {@code end} event's data is
 * the run's whole result document, as {@code --json} writes it. A write that fails (disk full, reader gone) stops the
 * stream, never the run: {@link #failure()} says why.
 */
public final class JsonStream implements AutoCloseable {
    /** No stream asked for: every event is dropped (as {@code RunListener.NONE} hears nothing). */
    public static final JsonStream NONE = new JsonStream(OutputStream.nullOutputStream(), false);

    private final OutputStream out;
    private final boolean closeOut;
    private String failure;

    private JsonStream(OutputStream out, boolean closeOut) {
        this.out = out;
        this.closeOut = closeOut;
    }

    /** Appends to {@code file} (created if missing: several runs can share one stream). */
    public static JsonStream open(Path file) throws IOException {
        return new JsonStream(Files.newOutputStream(file, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND), true);
    }

    /** Writes to {@code out} (standard output), left open at the end. */
    public static JsonStream to(OutputStream out) {
        return new JsonStream(out, false);
    }

    /** One event line. */
    public synchronized void event(String event, JsonNode data) {
        if (failure != null || this == NONE) {
            return;
        }
        ObjectNode line = Json.object();
        line.put("event", event);
        line.put("time", Instant.now().toString());
        line.set("data", data);
        try {
            out.write(Json.MAPPER.writeValueAsString(line).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            failure = e.getMessage();
        }
    }

    /** Why the stream stopped early, or null. */
    public synchronized String failure() {
        return failure;
    }

    /**
     * {@code start}: what the run is ({@code kind} as in the result documents) and where it goes ({@code host:port},
     * or an endpoint URL).
     */
    public void start(String kind, String target, ObjectNode params) {
        ObjectNode d = Json.object();
        d.put("kind", kind);
        d.put("target", target);
        d.set("params", params);
        event("start", d);
    }

    /** {@code step}: one step of a multi-step run (qualify) begins: its place, what it measures, for how long. */
    public void step(int index, int total, String label, Duration duration) {
        ObjectNode d = Json.object();
        d.put("index", index);
        d.put("total", total);
        d.put("label", label);
        d.put("duration_s", duration.toMillis() / 1000.0);
        event("step", d);
    }

    /** A redo-style test's events: start when the server is ready, each interval, the result at the end. */
    public RunListener runListener(String host, int port, ObjectNode params) {
        return new RunListener() {
            @Override
            public void onReady(Ready ready, int sndbufGranted) {
                start(params.path("mode").asText("test").toLowerCase(Locale.ROOT), host + ":" + port, params);
            }

            @Override
            public void onInterval(IntervalSample sample) {
                event("interval", sample.toJson());
            }

            @Override
            public void onFinished(TestResult result) {
                event("end", result.toJson());
            }
        };
    }

    /** A bulk or object-storage run's events: start, each progress interval, the result at the end. */
    public BulkListener bulkListener(String kind, String host, int port, ObjectNode params) {
        return new BulkListener() {
            @Override
            public void onReady(Ready ready) {
                start(kind, host + ":" + port, params);
            }

            @Override
            public void onProgress(BulkProgress progress) {
                event("interval", progress.toJson());
            }

            @Override
            public void onFinished(BulkResult result) {
                event("end", result.toJson());
            }
        };
    }

    @Override
    public synchronized void close() {
        try {
            out.flush();
            if (closeOut) {
                out.close();
            }
        } catch (IOException e) {
            failure = failure == null ? e.getMessage() : failure;
        }
    }
}
