package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 42: a per-flow policer, 50 Mbit/s per flow on a 1 Gbit/s link at 10 ms, is named as one, near its rate; the
 * same link shaped to 50 Mbit/s (a queue, streams sharing one rate) is not. Its two qualify runs go one after the
 * other: run beside four other labs at once (2026-11-29), the policer's case read a busy host's bursts as random loss
 * and called the flow loss-limited.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PolicerLabIT extends PathFaultsLabBase {
    PolicerLabIT() {
        super("pp");
    }

    @Test
    void aPerFlowPolicerIsNamedWithItsRateAndAShaperIsNot() throws Exception {
        JsonNode policed = asyncVerdict("policed.json", "--rtt-ms", "10", "--rate", "1gbit", "--police", "50mbit");
        JsonNode policedDoc = JSON.readTree(dir.resolve("policed.json").toFile());
        JsonNode policedSteps = policedDoc.path("steps");
        StringBuilder steps = new StringBuilder();
        policedSteps.forEach(s -> steps
                .append(s.path("label").asText()).append(": ")
                .append(s.at("/result/summary/sender_throughput_mib_s").asDouble()).append(" MiB/s ")
                .append(s.at("/result/summary/tcp")).append("; "));
        Matcher near = Pattern.compile("each flow is policed near (\\d+) Mbit/s")
                .matcher(policed.path("reasons").toString());
        // a policer lets each flow its rate, so four streams carry at least twice one (StreamLimit.ADD_UP); the CI of
        // 2026-12-07 had four carry 36 Mbit/s in all against one's 49.9 with the lab's own 10 ms read as 18 on three
        // of them: the host, not the link, held the four, and without flows that add up no policer may be named. The
        // figures are the ones the verdict used (step 2's steady half, step 4's rate): the CI of stop 71 had four
        // streams at 89 Mbit/s over their whole run but 139 over the steady half, and the policer rightly named
        JsonNode summary = policedDoc.path("summary");
        double one = summary.path("tuned_buffers_bps").asDouble();
        double four = summary.path("capacity_bps").asDouble();
        if (four < 2 * one) {
            assertTrue(!near.find(), "no policer named from flows that do not add up: " + policed + "; " + steps);
            System.out.println("PolicerLabIT: four streams " + four + " bit/s against one's " + one + ": host-bound");
        } else {
            assertTrue(near.find(), policed.toString() + "; the steps: " + steps);
            int mbit = Integer.parseInt(near.group(1));
            // one stream read 47 and 56 Mbit/s in two runs (four streams 225 both times): near, not exactly, the rate.
            // The rate named is the faster of the one stream and the four's fastest, which is at least a quarter of
            // the four: where they carried 100 Mbit/s it is at least 25 whatever the host did to the one stream (the
            // CI of 2abdf254 named 21, the one stream's, before the four's fastest counted); under that the host held
            // every flow below the policer and only the ceiling holds
            assertTrue(mbit <= 62, "near the 50 Mbit/s it is policed at: " + mbit);
            assertTrue(mbit >= 25 || four < 100e6, "near the 50 Mbit/s it is policed at: " + mbit + "; " + steps);
        }
        JsonNode shaped = asyncVerdict("shaped.json", "--rtt-ms", "10", "--rate", "50mbit");
        assertTrue(!shaped.path("reasons").toString().contains("policed"), shaped.toString());
    }
}
