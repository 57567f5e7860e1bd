package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.Profile;
import dev.probe.core.lab.Netns;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.transport.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44: two dNFS paths (two veth pairs between a client namespace and the server's), one taken down mid-run:
 * its I/Os are reissued on the other path, the run ends with every point measured, and the result names the path,
 * when and why it was taken out, and how many I/Os were issued again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NfsPathFailoverTest {
    @TempDir
    Path dir;

    @Test
    void aPathTakenDownMidRunIsSurvivedWithItsIosReissued() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        int tag = ThreadLocalRandom.current().nextInt(1000, 9999);
        String client = "nfsc" + tag;
        try (GaneshaServer server = GaneshaServer.start(Files.createDirectories(dir.resolve("ganesha")), export)) {
            Netns.run("ip", "netns", "add", client);
            try {
                for (int p = 1; p <= 2; p++) {
                    String a = "nfa" + p + tag;
                    String b = "nfb" + p + tag;
                    Netns.run("ip", "link", "add", a, "type", "veth", "peer", "name", b);
                    Netns.run("ip", "link", "set", a, "netns", client);
                    Netns.run("ip", "link", "set", b, "netns", server.namespace());
                    Netns.run("ip", "netns", "exec", client, "ip", "addr", "add", "10.251." + p + ".1/24", "dev", a);
                    Netns.run("ip", "netns", "exec", server.namespace(), "ip", "addr", "add", "10.251." + p + ".2/24",
                            "dev", b);
                    Netns.run("ip", "netns", "exec", client, "ip", "link", "set", a, "up");
                    Netns.run("ip", "netns", "exec", server.namespace(), "ip", "link", "set", b, "up");
                }
                NfsParams params = new NfsParams(NfsTarget.parse("10.251.1.2:" + export),
                        NfsPath.of(List.of("10.251.1.1=10.251.1.2", "10.251.2.1=10.251.2.2"), null), List.of(4),
                        new DiskParams(64L << 20, Set.of(Profile.OLTP), Duration.ofMillis(200), 100,
                                Duration.ofMillis(1500), 8, false, false), Duration.ofSeconds(1),
                        // connect: 3 s, room for one SYN retransmission (1 s): run 52, beside core's pool, timed out
                        // connecting the second path at 1000 ms, before any path was cut
                        Duration.ofSeconds(3));
                Thread cut = new Thread(() -> {
                    try {
                        Thread.sleep(2500);
                        Netns.run("ip", "netns", "exec", server.namespace(), "ip", "link", "set", "nfb1" + tag, "down");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                cut.start();
                NfsResult r = InNamespace.call(client, () -> new NfsCheck(params, Transport.best()).run((n, p) -> {}));
                cut.join();
                NfsResult.Column c = r.columns().get(0);
                System.out.println("NfsPathFailoverTest: " + c.events() + ", " + c.reissued() + " reissued, "
                        + c.result().points());
                assertEquals(1, c.events().size(), c.events().toString());
                assertTrue(c.events().get(0).startsWith("path 10.251.1.1=10.251.1.2 down at "), c.events().get(0));
                assertTrue(c.reissued() > 0, "its outstanding I/Os reissued");
                assertEquals(4, c.result().of("oltp").size(), "the ladder 1, 2, 4, 8 ran to its end");
                for (LoadPoint p : c.result().of("oltp")) {
                    assertTrue(p.reads() > 0, "every point measured: " + p);
                }
                JsonNode nfs = r.toJson().at("/summary/nfs");
                assertEquals(c.reissued(), nfs.at("/table/0/reissued").asLong());
                assertEquals(c.events().get(0), nfs.at("/path_events/0").textValue());
            } finally {
                Netns.run("ip", "netns", "del", client);
            }
        }
    }
}
