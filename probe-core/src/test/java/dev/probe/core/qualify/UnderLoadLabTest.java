package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.testing.LabTestBase;
import dev.probe.core.testing.ResultInvariants;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 25, point 1: latency under load, as the RRUL test shows it. A backup filling a rate-capped 4 ms lab link
 * keeps its tail-drop queue of L packets full, so each SYNC message waits behind the queue: the loaded p50 rises
 * over the idle one by about the queue's sojourn time, L x packet / rate. With a short queue it hardly rises.
 * The lab's limit, as netem's, counts the packets in the delay line too (rate x one-way delay of them), so the
 * queue that waits for the rate holds L less those.
 */
@Tag("serial") // the short queue's 0.9 ms: beside the test pool the hosts' delay raised its p50 3.7 ms
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class UnderLoadLabTest extends LabTestBase {
    /** What the userspace forwarder carries steadily on a two-core machine beside the load's own CPU. */
    private static final long RATE_BPS = Long.getLong("probe.test.underLoadRate", 100_000_000);
    private static final int PACKET = 1500;
    private static final double ONE_WAY_MS = 2;

    @Test
    void aFullQueueAddsItsSojournTimeToSyncAndAShortOneDoesNot() throws Exception {
        int deep = (int) (RATE_BPS * 14 / 1000 / 8 / PACKET); // 14 ms of packets, 2 of them on the way
        double sojournMs = deep * PACKET * 8.0 / RATE_BPS * 1000 - ONE_WAY_MS;
        double rise = rise(deep);
        System.out.printf(
                "under backup:8 at %d Mbit/s, 4 ms: queue %d packets (sojourn %.2f ms): SYNC p50 rose %.2f ms%n",
                RATE_BPS / 1_000_000, deep, sojournMs, rise);
        assertTrue(Math.abs(rise - sojournMs) <= 0.25 * sojournMs, "p50 rise " + rise + " ms vs sojourn " + sojournMs
                + " ms");
        int shallow = 24;
        double shortRise = rise(shallow);
        System.out.printf("queue %d packets (sojourn %.2f ms): SYNC p50 rose %.2f ms%n", shallow,
                Math.max(0, shallow * PACKET * 8.0 / RATE_BPS * 1000 - ONE_WAY_MS), shortRise);
        assertTrue(shortRise < 0.25 * sojournMs, "a short queue: p50 rose " + shortRise + " ms");
    }

    /** Loaded minus idle SYNC p50 (512-byte messages: one packet each) with the link's queue at {@code limit}. */
    private double rise(int limit) throws Exception {
        lab = up("pul", LinkSpec.builder().rttMs(4).rateBps(RATE_BPS).mtu(PACKET).limit(limit).build());
        QualifyConfig c = QualifyConfig.builder(lab.target(), RedoLoad.given(1e6)).modes(false, true)
                .writeSizes(List.of(512L)).affirm(false).commitBudget(Duration.ofMillis(20), Duration.ZERO)
                .tcpEfficiency(0.7).gap(0, null).budget(Duration.ofSeconds(20)).build()
                .withLoad(UnderLoad.parse("backup:8", null));
        LinkResult r = lab.inClient(() -> new Qualifier(c).run((i, total, s) -> {}).link());
        assertEquals(null, r.incomplete());
        ResultInvariants.check(r.toJson());
        List<Measured.StepResult> sync = r.measured().steps().stream()
                .filter(s -> s.step().kind() == StepPlan.Kind.SYNC).toList();
        assertEquals(2, sync.size());
        LoadFigures load = r.measured().load();
        System.out.printf("queue %d packets: the backup carried %.1f Mbit/s alone, %.1f beside the redo%n", limit,
                load.aloneBps() / 1e6, load.besideBps() / 1e6);
        // a queue shallower than the path's 50 KB BDP drops the backup's bursts, and eight channels then keep the
        // link less full (run 50: 47.9 Mbit/s of 100 through 24 packets, 36 KB); the deep queue must be filled, the
        // short one loaded enough that a queue would build if it were deeper
        double filled = limit * PACKET >= RATE_BPS / 8 * 4 / 1000 ? 0.5 : 0.3;
        assertTrue(load.besideBps() > filled * RATE_BPS, "the backup loaded the link: " + load);
        assertTrue(load.settled(), "a backup on a clean rate-capped link settles within the ramp: " + load);
        return sync.get(1).result().summary().latency().p50() - sync.get(0).result().summary().latency().p50();
    }
}
