package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.client.RunStop;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.testing.LabTestBase;
import dev.probe.core.testing.ResultInvariants;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 25, point 3: a link lossy one way only (1 % towards the standby, 20 ms, 40 Mbit/s each way). Primary to
 * standby one stream is held back by the loss; standby to primary (the standby's server sending) it is not, and
 * --both-directions shows the asymmetry, each direction with its own ASYNC verdict.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BothDirectionsLabTest extends LabTestBase {
    private static final long CAP_BPS = 40_000_000;

    @Test
    void aLinkLossyOneWayIsQualifiedEachWayAndTheAsymmetryShows() throws Exception {
        lab = up("pbd", LinkSpec.builder().rttMs(20).lossPct(1).rateBps(CAP_BPS).build());
        QualifyConfig c = QualifyConfig.builder(lab.target(), RedoLoad.given(3e6)).modes(true, false)
                .writeSizes(List.of(32L << 10)).affirm(false).commitBudget(Duration.ofMillis(2), Duration.ZERO)
                .tcpEfficiency(0.7).gap(0, null).budget(Duration.ofSeconds(40)).bothDirections(true).build();
        QualifyResult both = lab.inClient(() -> new Qualifier(c).run((i, n, s) -> {}, new RunStop()));
        double forward = both.link().measured().tunedBps();
        double reverse = both.reverse().measured().tunedBps();
        System.out.printf("1 %% loss towards the standby, 20 ms, 40 Mbit/s: %s%n", both.asymmetry());
        assertTrue(reverse > 1.5 * forward, both.asymmetry());
        assertTrue(reverse > 0.6 * CAP_BPS, "standby to primary is clean: " + reverse);
        assertEquals("receiver_counts", both.reverse().measured().lag().measuredBy());
        assertEquals(List.of("ASYNC", "ASYNC" + QualifyResult.REVERSE), List.of(both.link().verdicts().get(0).name(),
                both.reverseVerdicts().get(0).name()));
        JsonNode doc = both.toJson();
        ResultInvariants.check(doc);
        assertEquals(2, doc.path("summary").path("verdicts").size());
        assertTrue(doc.path("reverse").path("steps").get(1).path("result").path("params").path("reverse").asBoolean());
        assertTrue(doc.path("summary").path("both_directions").path("ratio").asDouble() > 1.5);
        assertEquals(40, doc.path("params").path("budget_s").asLong(), "issue 39: the --budget the user gave");
        assertEquals(40, doc.path("reverse").path("params").path("budget_s").asLong());
        assertEquals(40, doc.path("params").path("pass_budget_s").asLong()
                + doc.path("reverse").path("params").path("pass_budget_s").asLong(), "the two passes share it");
    }
}
