package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A result file is written whole or not at all (issue 23, point 4: a full disk truncated a valid out.json). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResultFilesTest {
    @TempDir
    Path dir;

    private static ObjectNode doc(int intervals) {
        ObjectNode d = Json.object().put("schema", "probe.result/1").put("kind", "test");
        var a = d.putArray("intervals");
        for (int i = 0; i < intervals; i++) {
            a.addObject().put("t_s", i).put("bytes", 1L << 40).put("throughput_mib_s", 1234.5678);
        }
        return d;
    }

    @Test
    void aNewDocumentReplacesTheOldWholeAndLeavesNoTemporaryFile() throws Exception {
        Path out = dir.resolve("out.json");
        ResultFiles.writeJson(out, doc(1));
        ResultFiles.writeJson(out, doc(3));
        assertEquals(3, Json.MAPPER.readTree(out.toFile()).get("intervals").size());
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only out.json");
        }
    }

    @Test
    void aFullDiskLeavesThePreviousFileWholeAndNamesTheFile() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a small tmpfs needs root");
        Path small = Files.createDirectories(dir.resolve("small"));
        assumeTrue(new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString()).start()
                .waitFor() == 0, "cannot mount a tmpfs here");
        try {
            Path out = small.resolve("out.json");
            ResultFiles.writeJson(out, doc(1));
            String before = Files.readString(out);
            IOException e = assertThrows(IOException.class, () -> ResultFiles.writeJson(out, doc(5000)));
            assertTrue(e.getMessage().startsWith("cannot write " + out + ": "), e.getMessage());
            assertEquals(before, Files.readString(out), "the previous result is untouched");
            try (var files = Files.list(small)) {
                assertEquals(1, files.count(), "no temporary file left behind");
            }
        } finally {
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }
}
