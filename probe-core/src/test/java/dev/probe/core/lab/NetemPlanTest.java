package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The paper's netem commands, and applying them to a veth pair in a namespace this test creates. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NetemPlanTest {
    private static NetemPlan plan(double rtt, double loss, Direction d) {
        return new NetemPlan(rtt, loss, d, "toS", "toC", NetemPlan.parseRate("10gbit"), 1500, 150);
    }

    @Test
    void paperDefaultsGiveTheLimitAndSplitTheDelay() {
        NetemPlan p = plan(100, 0.1, Direction.BACKUP);
        assertEquals(187_500, p.limitPackets(), "10 Gbit/s / 1500 B x 150 ms x 1.5");
        assertEquals(List.of(List.of("tc", "qdisc", "replace", "dev", "toS", "root", "netem", "delay", "50ms", "loss",
                "0.1%", "limit", "187500"), List.of("tc", "qdisc", "replace", "dev", "toC", "root", "netem", "delay",
                        "50ms", "limit", "187500")), p.applyCommands());
        assertEquals("toC", plan(5, 1, Direction.RESTORE).lossyDevice(), "restore loses towards the client");
        assertEquals("2.5ms", plan(5, 1, Direction.RESTORE).applyCommands().get(0).get(8));
        assertTrue(plan(20, 0, Direction.BACKUP).applyCommands().stream().noneMatch(c -> c.contains("loss")));
        assertEquals(List.of("tc", "qdisc", "del", "dev", "toS", "root"), p.clearCommands().get(0));
        assertEquals(1_000_000_000L, NetemPlan.parseRate("1gbit"));
        assertEquals(500_000_000L, NetemPlan.parseRate("500mbit"));
    }

    @Test
    void badValuesNameThemselves() {
        assertTrue(assertThrows(BadParameterException.class, () -> plan(-1, 0, Direction.BACKUP)).getMessage()
                .startsWith("rtt-ms: -1.0 is out of range"));
        assertThrows(BadParameterException.class, () -> plan(10, 101, Direction.BACKUP));
        assertThrows(BadParameterException.class, () -> NetemPlan.parseRate("fast"));
        assertThrows(BadParameterException.class, () -> new NetemPlan(1, 0, Direction.BACKUP, "eth0; rm -rf /", "x",
                1, 1500, 150));
    }

    private static int sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }

    @Test
    void applyingInATestNamespaceWorksOrSaysThereIsNoNetem() throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        assumeTrue(root && sh("ip", "netns", "add", "probe-netem-test") == 0, "needs root and ip netns");
        try {
            assumeTrue(sh("ip", "-n", "probe-netem-test", "link", "add", "toS", "type", "veth", "peer", "name",
                    "toC") == 0, "needs veth");
            NetemPlan p = plan(10, 0.5, Direction.BACKUP);
            List<List<String>> inNs = new ArrayList<>();
            p.applyCommands().forEach(c -> {
                List<String> w = new ArrayList<>(List.of("ip", "netns", "exec", "probe-netem-test"));
                w.addAll(c);
                inNs.add(w);
            });
            try {
                Tc.run(inNs);
                Process show = new ProcessBuilder("ip", "netns", "exec", "probe-netem-test", "tc", "qdisc", "show",
                        "dev",
                        "toS").start();
                String qdisc = new String(show.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(qdisc.contains("netem") && qdisc.contains("loss 0.5%"), qdisc);
            } catch (IllegalStateException e) {
                assertTrue(e.getMessage().startsWith("this kernel has no netem (sch_netem)"), e.getMessage());
                assertEquals(1, e.getMessage().lines().count());
            }
        } finally {
            sh("ip", "netns", "del", "probe-netem-test");
        }
    }
}
