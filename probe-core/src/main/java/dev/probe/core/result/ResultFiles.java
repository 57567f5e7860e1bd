package dev.probe.core.result;

import dev.probe.core.protocol.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/** Writes result documents ({@code probe.result/1}) as pretty-printed JSON. */
public final class ResultFiles {
    private ResultFiles() {
    }

    /** Writes {@code document} to {@code path}; the directory must exist (commands check it before a run). */
    public static void writeJson(Path path, ObjectNode document) throws IOException {
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(path.toFile(), document);
    }
}
