package dev.probe.core.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Map;

/**
 * A {@code probe.result/1} document written while the run goes, for runs whose intervals should not pile up in
 * memory: the head (schema, kind, start, params) at once, each interval as it comes, the rest (summary and any
 * other part) at {@link #finish}. It is written beside the target as {@code NAME.partial} and moved into place
 * when finished. A run that fails is never lost: {@link #close()} ends the document with the intervals so far and
 * {@code "incomplete": {"reason": ...}} (the reason given to {@link #failed}) and moves it into place too.
 *
 * <pre>{@code
 * try (ResultStream out = ResultStream.open(path, "bulk", start, params)) {
 *     run(interval -> out.interval(interval));
 *     out.finish(tail);
 * }
 * }</pre>
 */
public final class ResultStream implements AutoCloseable {
    private final Path path;
    private final Path partial;
    private final JsonGenerator json;
    private boolean finished;
    private String failure;

    private ResultStream(Path path, Path partial, JsonGenerator json) {
        this.path = path;
        this.partial = partial;
        this.json = json;
    }

    /** Opens {@code path}'s partial file and writes the head; the directory must exist. */
    public static ResultStream open(Path path, String kind, Instant startedAt, ObjectNode params) throws IOException {
        Path partial = path.resolveSibling(path.getFileName() + ".partial");
        JsonGenerator g = Json.MAPPER.getFactory().createGenerator(Files.newOutputStream(partial));
        g.useDefaultPrettyPrinter();
        g.writeStartObject();
        writeFields(g, ResultEnvelope.head(kind, startedAt, params));
        g.writeArrayFieldStart("intervals");
        return new ResultStream(path, partial, g);
    }

    /** Appends one interval (written through, not kept). */
    public synchronized void interval(JsonDocument interval) {
        try {
            json.writeTree(interval.toJson());
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the intervals, writes each field of {@code tail} (summary, hosts, ...) and moves the file into place. */
    public synchronized void finish(ObjectNode tail) throws IOException {
        json.writeEndArray();
        writeFields(json, tail);
        json.writeEndObject();
        json.close();
        Files.move(partial, path, StandardCopyOption.REPLACE_EXISTING);
        finished = true;
    }

    private static void writeFields(JsonGenerator g, ObjectNode fields) throws IOException {
        for (Map.Entry<String, JsonNode> field : fields.properties()) {
            g.writeFieldName(field.getKey());
            g.writeTree(field.getValue());
        }
    }

    /** Why the run failed, for the document {@link #close()} completes. */
    public synchronized void failed(String reason) {
        failure = reason;
    }

    /** Completes an unfinished run's document as incomplete (see the type's comment) and moves it into place. */
    @Override
    public synchronized void close() throws IOException {
        if (!finished) {
            finish(ResultEnvelope.incomplete(Json.object(), failure == null ? "the run ended before its summary"
                    : failure));
        }
    }
}
