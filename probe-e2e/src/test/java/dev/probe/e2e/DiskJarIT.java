package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code probe disk} through the jar on this machine's build directory (a real file system): every profile with
 * --out (page, charts, matrices) and --json; the same check at the far end through a server's --dir; bad input
 * refused in one line before anything is written.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DiskJarIT {
    private static final String[] BRIEF = {"--size", "64MiB", "--point", "200ms", "--max-outstanding", "2"};
    private Path dir;

    @BeforeEach
    void dir() throws Exception {
        dir = Files.createDirectories(Path.of("target", "disk-jar-it", Long.toHexString(System.nanoTime())))
                .toAbsolutePath();
    }

    private static ProbeProcess disk(Path dir, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("disk", "--dir", dir.toString()));
        args.addAll(List.of(BRIEF));
        args.addAll(List.of(more));
        return ProbeProcess.start(args.toArray(new String[0]));
    }

    private long testFiles(Path where) throws Exception {
        try (Stream<Path> files = Files.walk(where)) {
            return files.filter(p -> p.getFileName().toString().startsWith("probe-disk-")).count();
        }
    }

    @Test
    void everyProfileWithItsPageMatricesAndResult() throws Exception {
        Path out = dir.resolve("out");
        Path json = dir.resolve("disk.json");
        ProbeProcess run = disk(dir, "--out", out.toString(), "--json", json.toString());
        assertEquals(0, run.awaitExit(120), run.stderr() + run.stdout());
        assertTrue(run.printed("oltp  ") && run.printed("dss   peak") && run.printed("redo    32 KiB"), run.stdout());
        JsonNode d = new ObjectMapper().readTree(json.toFile());
        assertEquals("disk", d.get("kind").asText());
        assertEquals(5, d.at("/summary/redo").size());
        for (String f : List.of("disk.html", "oltp.png", "dss.png", "redo.png", "iops.csv", "mbps.csv", "lat.csv",
                "redo.csv")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertTrue(Files.readString(out.resolve("disk.html")).contains("IOPS</b> at"));
        assertEquals(0, testFiles(dir), "the test file is removed");
    }

    @Test
    void theSameCheckAtTheFarEndThroughAServer() throws Exception {
        Files.createDirectories(dir.resolve("redo"));
        try (ProbeProcess server = ProbeProcess.start("server", "--bind", "127.0.0.1", "--port", "0", "--dir",
                dir.toString(), "--disk-max-size", "128MiB")) {
            int port = server.awaitServerPort();
            Path json = dir.resolve("remote.json");
            ProbeProcess run = ProbeProcess.start("disk", "--dir", dir.resolve("redo").toString(), "--at", "127.0.0.1",
                    "--port", String.valueOf(port), "--profile", "redo", "--size", "64MiB", "--point", "200ms",
                    "--json",
                    json.toString());
            assertEquals(0, run.awaitExit(), run.stderr() + run.stdout());
            assertTrue(run.printed("on 127.0.0.1"), run.stdout());
            assertEquals(5, new ObjectMapper().readTree(json.toFile()).at("/summary/redo").size());
            ProbeProcess outside = ProbeProcess.start("disk", "--dir", "/etc", "--at", "127.0.0.1", "--port",
                    String.valueOf(port), "--profile", "redo", "--size", "64MiB");
            assertEquals(4, outside.awaitExit());
            String err = outside.stderr().trim();
            assertTrue(err.contains("dir: /etc is outside the server's --dir") && !err.contains("\n"), err);
            assertTrue(outside.stdout().isBlank(), "nothing printed before the refusal: " + outside.stdout());
            assertTrue(server.alive());
        }
    }

    @Test
    void badInputIsOneLineAndLeavesNothing() throws Exception {
        String d = dir.toString();
        String[][] cases = {
                {"--dir", dir.resolve("missing").toString(), "--dir: "},
                {"--dir", d, "--profile", "fast", "--profile: 'fast' is not redo, oltp, dss (olap), slob or all"},
                {"--dir", d, "--size", "100MB", "--size: "},
                {"--dir", d, "--max-outstanding", "0", "--max-outstanding: "},
                {"--dir", d, "--read-pct", "120", "--read-pct: "},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length];
            args[0] = "disk";
            System.arraycopy(c, 0, args, 1, c.length - 1);
            ProbeProcess p = ProbeProcess.start(args);
            assertEquals(2, p.awaitExit(), String.join(" ", c));
            String err = p.stderr().trim();
            assertTrue(err.startsWith("probe: " + c[c.length - 1]) && !err.contains("\n"), err);
        }
        if (Files.isDirectory(Path.of("/dev/shm")) && Files.getFileStore(Path.of("/dev/shm")).type().equals("tmpfs")) {
            ProbeProcess shm = ProbeProcess.start("disk", "--dir", "/dev/shm", "--size", "64MiB");
            assertEquals(2, shm.awaitExit());
            assertTrue(shm.stderr().contains("--buffered"), shm.stderr());
        }
        assertEquals(0, testFiles(dir));
    }
}
