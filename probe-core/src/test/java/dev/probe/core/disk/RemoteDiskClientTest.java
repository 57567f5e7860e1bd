package dev.probe.core.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.server.ServerLimits;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestFiles;
import dev.probe.core.testing.TestServers;
import dev.probe.core.transport.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code probe disk --at}: a server runs the check inside its own --dir, one at a time, up to its size. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteDiskClientTest {
    private Path root;
    private ProbeServer server;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        root = Files.createDirectories(Path.of("target", "disk-remote-test", Long.toHexString(System.nanoTime()))
                .toAbsolutePath());
        assumeTrue(!Files.getFileStore(root).type().equals("tmpfs"), "the build directory is in memory here");
        Files.createDirectories(root.resolve("redo"));
        server = ProbeServer.start(TestServers.loopback(root).forLoopback("127.0.0.1", 0, root.resolve("f"), root)
                .withLimits(ServerLimits.defaults().withDir(256L << 20, false)), log::add);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        TestFiles.deleteTree(root);
    }

    private Target target() {
        return new Target("127.0.0.1", server.address().getPort(), Duration.ofSeconds(5), Duration.ofSeconds(10),
                ClientSecurity.none(), Transport.best());
    }

    private static DiskParams params(long size, Duration point, EnumSet<Profile> profiles) {
        return new DiskParams(size, profiles, Duration.ofMillis(20), 70, point, 2, false, false);
    }

    private List<Path> testFiles() throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().startsWith("probe-disk-")).toList();
        }
    }

    @Test
    void theServerRunsTheCheckInsideItsDirAndStreamsEveryPoint() throws Exception {
        List<LoadPoint> heard = new ArrayList<>();
        DiskResult r = new RemoteDiskClient(target(), new RemoteDiskSpec("redo", params(64L << 20, Duration.ofMillis(
                100),
                EnumSet.of(Profile.REDO, Profile.OLTP)))).run(heard::add);
        assertEquals(Ladders.REDO_SIZES.length, r.of("redo").size());
        assertTrue(!r.of("oltp").isEmpty());
        assertEquals(r.points(), heard);
        assertEquals(Files.getFileStore(root).type(), r.fileSystem());
        assertTrue(r.blockSize() >= 512);
        assertTrue(log.stream().anyMatch(l -> l.contains("disk check") && l.contains(root.resolve("redo").toString())),
                log.toString());
        assertTrue(testFiles().isEmpty(), "the server removed its test file");
    }

    @Test
    void pathsOutsideItsDirAndSizesOverItsLimitAreRefusedNamingTheField() {
        ProbeException outside = assertThrows(ProbeException.class, () -> new RemoteDiskClient(target(),
                new RemoteDiskSpec("/etc", params(64L << 20, Duration.ofMillis(100), EnumSet.of(Profile.REDO)))).run(
                        p -> {}));
        assertTrue(outside.getMessage().contains("dir: /etc is outside the server's --dir"), outside.getMessage());
        ProbeException escape = assertThrows(ProbeException.class, () -> new RemoteDiskClient(target(),
                new RemoteDiskSpec("redo/../..", params(64L << 20, Duration.ofMillis(100), EnumSet.of(Profile.REDO))))
                        .run(p -> {}));
        assertTrue(escape.getMessage().contains("is outside"), escape.getMessage());
        ProbeException big = assertThrows(ProbeException.class, () -> new RemoteDiskClient(target(),
                new RemoteDiskSpec("redo", params(512L << 20, Duration.ofMillis(100), EnumSet.of(Profile.REDO)))).run(
                        p -> {}));
        assertTrue(big.getMessage().contains("size: ") && big.getMessage().contains("--disk-max-size"), big
                .getMessage());
    }

    @Test
    void oneCheckAtATimeAndAClientThatGoesAwayStopsItsCheck() throws Exception {
        List<LoadPoint> first = new CopyOnWriteArrayList<>();
        Thread long1 = new Thread(() -> {
            try {
                new RemoteDiskClient(target(), new RemoteDiskSpec("redo", params(64L << 20, Duration.ofSeconds(20),
                        EnumSet.of(Profile.OLTP)))).run(first::add);
            } catch (InterruptedException | RuntimeException ignored) {
                // interrupted below
            }
        });
        long1.start();
        Await.until(Duration.ofSeconds(20), "the first check's test file", () -> !testFiles().isEmpty());
        Thread.sleep(300); // into its first point, past READY: the second asks while the first one measures
        long asked = System.currentTimeMillis();
        ProbeException busy = assertThrows(ProbeException.class, () -> new RemoteDiskClient(target(),
                new RemoteDiskSpec("redo", params(64L << 20, Duration.ofSeconds(20), EnumSet.of(Profile.REDO)))).run(
                        p -> {}));
        assertTrue(busy.getMessage().contains("one at a time"), busy.getMessage());
        assertTrue(System.currentTimeMillis() - asked < 5000, "the refusal right after READY is heard at once, not "
                + "after two points and the timeout (issue 23, point 7)");

        long1.interrupt();
        long1.join(5000);
        long gone = System.currentTimeMillis();
        Await.until(Duration.ofSeconds(5), "the check stopped and removed its file", () -> testFiles().isEmpty());
        assertTrue(System.currentTimeMillis() - gone < 3000, "well before its 20 s point ended");
        assertTrue(first.isEmpty(), "no point of 20 s completed");
    }
}
