package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.testing.LabTestBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 39, point 1: the same qualification of one lossy link, run five times, gives the same ASYNC cause and the
 * same advice every time (it was "neither loss nor the buffers" in three runs of four, loss-limited in the fourth).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SteadyCauseLabTest extends LabTestBase {
    private static final int RUNS = 5;

    @Test
    void fiveRunsOfOneLossyLinkGiveOneCauseAndOneAdvice() throws Exception {
        up("psc", LinkSpec.builder().rttMs(40).lossPct(0.1).rateBps(200_000_000).build());
        QualifyConfig c = QualifyConfig.builder(lab.target(), RedoLoad.given(10e6)).modes(true, false)
                .writeSizes(List.of(32L << 10)).affirm(false).commitBudget(Duration.ofMillis(2), Duration.ZERO)
                .tcpEfficiency(0.7).gap(0, null).budget(Duration.ofSeconds(16)).build();
        List<String> causes = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            LinkResult r = lab.inClient(() -> new Qualifier(c).run((i, n, s) -> { }).link());
            Verdict async = r.verdicts().stream().filter(v -> v.name().equals("ASYNC")).findFirst().orElseThrow();
            String cause = async.reasons().stream().filter(l -> l.startsWith("loss-limited") || l.startsWith("buffer-"
                    + "limited") || l.startsWith("neither loss")).map(l -> l.substring(0, l.indexOf(':')))
                    .findFirst().orElse("no cause in " + async.reasons());
            String advice = async.reasons().stream().filter(l -> l.startsWith("what would help: "))
                    .map(l -> l.substring(0, l.indexOf(';'))).findFirst().orElse("no advice");
            causes.add(cause + " / " + advice);
            System.out.printf("run %d: one stream %.1f Mbit/s, %s%n", run + 1, r.measured().tunedBps() / 1e6,
                    async.reasons());
        }
        assertEquals(List.of("loss-limited / what would help: fix the loss"), causes.stream().distinct().toList(),
                causes.toString());
    }
}
