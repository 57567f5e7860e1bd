package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.Target;
import dev.probe.core.qualify.Agents;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.qualify.UnderLoad;
import dev.probe.core.testing.AgentTestbed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RAC page (issue 39, point 9: {@code qualify --from --out} was refused) against what core's {@code RacResult}
 * writes: a real two-node qualification through two agents on 127.0.0.1, both ways under a backup load (issue 39,
 * point 9: a RAC run gets what a single host's run gets), its document read through
 * {@link ReadKeys}; every key the page reads is written, and what the console prints is on the page.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QualifyRacPageContractTest {
    /** What this run has not: a stop, a lost agent, the standby's disk (QualifyPageContractTest covers that table). */
    private static final Set<String> OTHER_RUNS = Set.of("incomplete", "steps[].hosts[].lost",
            "reverse.steps[].hosts[].lost", "standby_disk");

    @TempDir
    Path dir;

    @Test
    void theRacPageShowsWhatTheRunWrote() throws Exception {
        JsonNode doc;
        try (AgentTestbed bed = new AgentTestbed(dir)) {
            ProbeServer server = bed.server();
            List<ProbeServer> nodes = List.of(bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets
                    .loopback())), bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets.loopback())));
            QualifyConfig config = QualifyConfig.builder(Target.of("127.0.0.1", server.address().getPort()),
                    RedoLoad.given(List.of(8e6, 3e6))).modes(true, true).writeSizes(List.of(32L << 10)).affirm(false)
                    .budget(Duration.ofSeconds(40)).bothDirections(true)
                    .underLoad(UnderLoad.parse("backup:2", null)).rac(new Agents("--from", nodes.stream().map(
                            AgentTestbed::at)
                            .toList(), new ClientSecurity(AgentTestbed.SECRET, null), Duration.ofSeconds(5),
                            Duration.ofSeconds(10))).build();
            doc = new Qualifier(config).run((i, n, s) -> {}).toJson();
        }
        ReadKeys keys = new ReadKeys();
        String html = Files.readString(QualifyPage.write(keys.wrap(doc), dir.resolve("page")));
        Set<String> missing = new TreeSet<>(keys.missing());
        missing.removeAll(OTHER_RUNS);
        assertEquals(Set.of(), missing, "read by the RAC page, written by no RacResult");
        assertTrue(html.contains("RAC primary: " + doc.at("/summary/overall").asText()), html);
        for (JsonNode v : doc.at("/summary/verdicts")) {
            assertTrue(html.contains(Html.esc(v.path("name").asText())), v.path("name").asText());
            assertTrue(html.contains(Html.esc(v.path("reasons").get(0).asText())), v.toString());
        }
        for (JsonNode line : doc.at("/summary/settings/sqlnet_ora")) {
            assertTrue(html.contains(line.asText()), line.asText());
        }
        assertEquals(2, doc.at("/summary/settings/per_node").size());
        for (JsonNode n : doc.at("/summary/settings/per_node")) {
            assertTrue(html.contains(String.format(Locale.ROOT, "%,d bytes", n.path("buffer_bytes")
                    .asLong())), n.toString());
        }
        assertTrue(html.contains("instance 1 on " + doc.at("/params/from/0").asText() + " at 8.0 MB/s"), html);
        assertTrue(doc.at("/summary/verdicts").toString().contains("ASYNC instance 1 standby to primary"),
                "the reverse pass's verdicts are in the one verdict table");
        assertTrue(html.contains("Under load: 2 backup channels (--under-load backup:2)"), html);
        assertTrue(html.contains("What each node received, standby to primary"), html);
    }
}
