package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.Profile;
import dev.probe.core.lab.Netns;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.testing.ResultInvariants;
import dev.probe.core.transport.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44: {@code disk --nfs}'s engine against a real server (nfs-ganesha with rpcbind in a namespace of the test's
 * own): every profile measured once per connection count, the FSINFO checks, the table and its JSON, the test file
 * removed; and what must be refused in one line naming --nfs before any load: an export that does not exist, a
 * read-only export (probe writes its test file), a host where no portmapper answers.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NfsCheckTest {
    @TempDir
    Path dir;

    static NfsParams params(String export, List<Integer> connections, Set<Profile> profiles) {
        return new NfsParams(NfsTarget.parse("127.0.0.1:" + export), NfsPath.of(List.of(), "127.0.0.1"), connections,
                new DiskParams(64L << 20, profiles, Duration.ofMillis(20), 70, Duration.ofMillis(300), 4, false, false),
                Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    @Test
    void everyProfileRunsOverEachConnectionCountAndTheFileIsRemoved() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        try (GaneshaServer server = GaneshaServer.start(Files.createDirectories(dir.resolve("ganesha")), export)) {
            List<String> heard = new ArrayList<>();
            NfsResult r = InNamespace.call(server.namespace(), () -> new NfsCheck(params(export.toString(),
                    List.of(1, 2), Set.of(Profile.REDO, Profile.OLTP, Profile.DSS, Profile.SLOB)), Transport.best())
                            .run((n, p) -> heard.add(n + ":" + p.workload())));
            assertEquals(2, r.columns().size());
            for (NfsResult.Column c : r.columns()) {
                assertEquals(5, c.result().of("redo").size(), "every redo size");
                for (LoadPoint p : c.result().of("redo")) {
                    assertTrue(p.writes() > 0 && p.reads() == 0, p.toString());
                }
                LoadPoint oltp = c.result().of("oltp").get(0);
                assertTrue(oltp.reads() > 0 && oltp.writes() > 0, "a 70/30 mix: " + oltp);
                assertFalse(c.result().of("slob").isEmpty());
                assertFalse(c.result().of("seq-read").isEmpty());
                assertTrue(c.result().dssAnswer().mbps() > 0);
                assertEquals(0, c.reissued(), "no path was lost");
            }
            assertTrue(heard.contains("1:oltp") && heard.contains("2:seq-read"), heard.toString());
            assertTrue(r.info().wtmax() >= 32_768 && r.rttMs() > 0, r.toString());
            assertTrue(r.checks().stream().anyMatch(c -> c.status().equals("ok") && c.text().startsWith(
                    "the server's wtmax (largest WRITE) is ")), r.checks().toString());
            try (Stream<Path> left = Files.list(export)) {
                assertEquals(List.of(), left.toList(), "the test file removed");
            }
            JsonNode doc = r.toJson();
            ResultInvariants.check(doc);
            JsonNode table = doc.at("/summary/nfs/table");
            assertEquals(2, table.size());
            assertEquals(1.0, table.get(0).get("gain").asDouble(), 1e-9, "the first row is the baseline");
            assertTrue(table.get(1).get("dss_peak_mbps").asDouble() > 0, table.toString());
            assertEquals(5, doc.at("/summary/nfs/advice").size(), "four figures compared, then the advice");
            assertNotNull(doc.at("/summary/nfs/window").textValue(), "one connection's window read");
            assertEquals("user space", doc.at("/intervals/0/client").textValue());
            System.out.println("NfsCheckTest: " + table + " " + doc.at("/summary/nfs/window"));
        }
    }

    @Test
    void aMissingOrReadOnlyExportIsRefusedInOneLineNamingNfs() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("ro"));
        try (GaneshaServer server = GaneshaServer.start(null, Files.createDirectories(dir.resolve("ganesha")), export,
                true)) {
            BadParameterException missing = assertThrows(BadParameterException.class, () -> InNamespace.call(
                    server.namespace(), () -> new NfsCheck(params("/no/such", List.of(1), Set.of(Profile.OLTP)),
                            Transport.best()).run((n, p) -> {})));
            assertTrue(missing.getMessage().startsWith(
                    "nfs: 127.0.0.1:/no/such: the server refused to mount /no/such: ")
                    && missing.getMessage().endsWith(")"), missing.getMessage());
            BadParameterException ro = assertThrows(BadParameterException.class, () -> InNamespace.call(
                    server.namespace(), () -> new NfsCheck(params(export.toString(), List.of(1), Set.of(Profile.OLTP)),
                            Transport.best()).run((n, p) -> {})));
            assertTrue(ro.getMessage().startsWith("nfs: 127.0.0.1:" + export + ": CREATE probe-nfs-")
                    && ro.getMessage().endsWith("(NFS3ERR_ROFS)"), ro.getMessage());
        }
    }

    @Test
    void noPortmapperAGarbageOneAndASilentOneAreRefusedInOneLine() throws Exception {
        assumeTrue(Netns.labPossible(), "needs root and network namespaces");
        String ns = "nfsbad" + ThreadLocalRandom.current().nextInt(10_000, 99_999);
        Netns.run("ip", "netns", "add", ns);
        try {
            Netns.run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            assertEquals("nfs: 127.0.0.1:/x: cannot connect to 127.0.0.1:111: Connection refused", refusal(ns));
            try (ServerSocket garbage = InNamespace.call(ns, () -> new ServerSocket(111, 5,
                    InetAddress.getByName("127.0.0.1")))) {
                Thread answer = new Thread(() -> {
                    try (Socket s = garbage.accept()) {
                        s.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\n".getBytes());
                        s.getInputStream().read(new byte[512]);
                    } catch (IOException e) {
                        // the client went
                    }
                });
                answer.start();
                String g = refusal(ns);
                assertTrue(g.startsWith("nfs: 127.0.0.1:/x: ") && g.contains("record") && !g.contains("\n"), g);
                answer.join(5000);
                long t = System.nanoTime();
                String silent = refusal(ns); // accepted by the backlog, never answered
                assertEquals("nfs: 127.0.0.1:/x: the portmapper did not answer within 2000 ms (--io-timeout)", silent);
                assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(6), "bounded by the I/O timeout");
            }
        } finally {
            Netns.run("ip", "netns", "del", ns);
        }
    }

    private static String refusal(String ns) {
        return assertThrows(BadParameterException.class, () -> InNamespace.call(ns, () -> new NfsCheck(
                params("/x", List.of(1), Set.of(Profile.OLTP)), Transport.best()).run((n, p) -> {}))).getMessage();
    }
}
