package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Target;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.ServerLimits;
import dev.probe.core.testing.AgentTestbed;
import dev.probe.core.testing.ResultInvariants;
import dev.probe.core.testing.TestServers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Issue 25, point 1 on loopback: the load from agents, its figures in the document, and a refusal before step 1. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class UnderLoadLoopbackTest {
    @TempDir
    Path dir;
    private AgentTestbed bed;

    @BeforeEach
    void up() {
        bed = new AgentTestbed(dir);
    }

    @AfterEach
    void down() {
        bed.close();
    }

    private static QualifyConfig config(ProbeServer server, UnderLoad load) {
        return QualifyConfig.builder(Target.of("127.0.0.1", server.address().getPort()), RedoLoad.given(5e6))
                .modes(true, true).writeSizes(List.of(32L << 10)).affirm(false)
                .commitBudget(Duration.ofMillis(20), Duration.ZERO).tcpEfficiency(0.7).gap(0, null)
                .budget(Duration.ofSeconds(22)).build()
                .withLoad(load);
    }

    @Test
    void theLoadRunsFromTwoAgentsBesideTheLoadedSteps() throws Exception {
        ProbeServer server = bed.server();
        List<ProbeServer> agents = List.of(bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets
                .loopback())),
                bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets.loopback())));
        UnderLoad load = UnderLoad.parse("backup:2", new Agents("--load-from", agents.stream().map(AgentTestbed::at)
                .toList(),
                new ClientSecurity(AgentTestbed.SECRET, null), Duration.ofSeconds(5), Duration.ofSeconds(10)));
        LinkResult r = new Qualifier(config(server, load)).run((i, n, s) -> {}).link();
        assertEquals(null, r.incomplete());
        LoadFigures f = r.measured().load();
        assertTrue(f.besideBytes() > 0 && f.besideBps() > 0 && f.failure() == null, f.toString());
        assertTrue(r.measured().loadedLag() != null && r.measured().lag() != null);
        assertEquals(List.of("ASYNC", "SYNC under " + load), r.verdicts().stream().map(Verdict::name).toList());
        assertTrue(r.verdicts().get(1).reasons().get(0).startsWith("measured under 2 backup channels from 2 agents "
                + "(--under-load backup:2 from 127.0.0.1:"), r.verdicts().get(1).reasons().get(0));
        ResultInvariants.check(r.toJson());
        JsonNode u = r.toJson().path("summary").path("under_load");
        assertEquals("2 backup channels from 2 agents", u.path("described").asText());
        assertEquals(2, u.path("steps").size(), "the paced and the SYNC step, each idle and loaded: " + u);
        assertTrue(u.path("steps").get(1).path("loaded").path("p50_ms").asDouble() > 0, u.toString());
        assertTrue(r.toJson().path("summary").path("lag_under_load").path("points").size() > 0);
    }

    @Test
    void aServerThatRefusesTheLoadStopsTheQualificationBeforeItsFirstStep() throws Exception {
        ProbeServer narrow = ProbeServer.start(TestServers.loopback(dir).withLimits(new ServerLimits(8, 64, 2, 0)),
                l -> {});
        try {
            AtomicInteger steps = new AtomicInteger();
            ProbeException e = assertThrows(ProbeException.class, () -> new Qualifier(config(narrow,
                    UnderLoad.parse("backup:4", null))).run((i, n, s) -> steps.incrementAndGet()));
            assertTrue(e.getMessage().startsWith("--under-load backup:4: "), e.getMessage());
            assertEquals(0, steps.get(), "no step ran");
        } finally {
            narrow.close();
        }
    }

    @Test
    void aBadLoadNamesTheFlag() {
        for (String bad : new String[] {"backup", "backup:", "copy:4", "backup:0", "restore:x", "async:129"}) {
            BadParameterException e = assertThrows(BadParameterException.class, () -> UnderLoad.parse(bad, null), bad);
            assertTrue(e.getMessage().startsWith("--under-load"), e.getMessage());
        }
        assertEquals("restore:8", UnderLoad.parse("restore:8", null).toString());
    }
}
