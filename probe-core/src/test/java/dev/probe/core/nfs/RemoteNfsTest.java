package dev.probe.core.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.disk.Profile;
import dev.probe.core.testing.GaneshaServer;
import dev.probe.core.testing.InNamespace;
import dev.probe.core.testing.TestServers;
import dev.probe.core.transport.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, {@code probe disk --at HOST --nfs}: a probe server (started inside the NFS server's namespace, as a
 * standby beside its filer) measures an export it was started to allow and streams the points, the client builds the
 * same table a local check gives; an export it was not told of, and any export at a server told of none, are refused
 * in one line before it makes a connection.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteNfsTest {
    @TempDir
    Path dir;

    private static RemoteNfsSpec spec(String export) {
        return new RemoteNfsSpec(NfsTarget.parse("127.0.0.1:" + export), List.of(1, 2),
                new DiskParams(64L << 20, Set.of(Profile.REDO, Profile.OLTP), Duration.ofMillis(20), 70,
                        Duration.ofMillis(200), 2, false, false), Duration.ofSeconds(2));
    }

    @Test
    void aServerMeasuresTheExportsItAllowsAndNoOther() throws Exception {
        String why = GaneshaServer.whyNot();
        assumeTrue(why == null, why);
        Path export = Files.createDirectories(dir.resolve("export"));
        try (GaneshaServer nfs = GaneshaServer.start(Files.createDirectories(dir.resolve("g")), export)) {
            InNamespace.call(nfs.namespace(), () -> {
                try (ProbeServer server = ProbeServer.start(TestServers.loopback(dir).toBuilder().listen("127.0.0.1", 0)
                        .nfsAllow(List.of("127.0.0.1:" + export)).build(), line -> {})) {
                    Target t = new Target("127.0.0.1", server.address().getPort(), Duration.ofSeconds(5),
                            Duration.ofSeconds(10), ClientSecurity.none(), Transport.best());
                    List<String> heard = new ArrayList<>();
                    NfsResult r = new RemoteNfsClient(t, spec(export.toString()))
                            .run((n, p) -> heard.add(n + ":" + p.workload() + ":" + p.outstanding()));
                    assertEquals(2, r.columns().size());
                    assertEquals(List.of(1, 2), r.columns().stream().map(NfsResult.Column::connections).toList());
                    for (NfsResult.Column c : r.columns()) {
                        assertEquals(5, c.result().of("redo").size());
                        assertEquals(c.result().points().size(), c.cpuSeconds().size(), "a CPU figure per point");
                        for (LoadPoint p : c.result().of("oltp")) {
                            assertTrue(p.reads() > 0, p.toString());
                        }
                    }
                    assertTrue(heard.contains("2:oltp:2"), heard.toString());
                    assertTrue(r.info().wtmax() >= 32_768 && r.rttMs() > 0, r.toString());
                    assertEquals(2, r.toJson().at("/summary/nfs/table").size());
                    ProbeException other = assertThrows(ProbeException.class,
                            () -> new RemoteNfsClient(t, spec("/elsewhere")).run((n, p) -> {}));
                    assertTrue(other.getMessage().contains("nfs: 127.0.0.1:/elsewhere is not an export this server may "
                            + "measure (its --nfs-allow: 127.0.0.1:" + export + ")"), other.getMessage());
                }
                try (ProbeServer none = ProbeServer.start(TestServers.loopback(dir).toBuilder().listen("127.0.0.1", 0)
                        .build(), line -> {})) {
                    Target t = new Target("127.0.0.1", none.address().getPort(), Duration.ofSeconds(5),
                            Duration.ofSeconds(10), ClientSecurity.none(), Transport.best());
                    ProbeException refused = assertThrows(ProbeException.class,
                            () -> new RemoteNfsClient(t, spec(export.toString())).run((n, p) -> {}));
                    assertTrue(refused.getMessage().contains("this server measures no NFS export (start it with "
                            + "--nfs-allow SERVER:/EXPORT)"), refused.getMessage());
                }
                return null;
            });
        }
    }
}
