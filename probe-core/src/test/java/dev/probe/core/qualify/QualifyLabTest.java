package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Qualifications through the lab's impaired link between two namespaces this test creates: a rate-capped link
 * passes a modest redo rate and fails one above the cap with a lag growing at the deficit; SYNC passes a budget
 * on a short link and fails it on a 20 ms one; a buffer request over the OS limit is reported with the sysctl
 * lines. Runs as root where /dev/net/tun exists; skipped with that reason elsewhere.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class QualifyLabTest extends OneLab {
    private static final long CAP_BPS = 40_000_000;

    /** One lab for the class: each test sets the link's delay and rate first. */
    @Override
    String prefix() {
        return "pqt";
    }

    @Override
    LinkSpec start() {
        return spec(10, CAP_BPS);
    }

    private static LinkSpec spec(double rttMs, long rateBps) {
        return LinkSpec.builder().rttMs(rttMs).rateBps(rateBps).build();
    }

    private LinkResult qualify(double redoBytesPerSecond, boolean async, Duration commitBudget, Duration budget)
            throws Exception {
        QualifyConfig c = QualifyConfig.builder(lab.target(), RedoLoad.given(redoBytesPerSecond)).modes(async, !async)
                .writeSizes(List.of(32L << 10)).affirm(false).commitBudget(commitBudget, Duration.ZERO)
                .tcpEfficiency(0.7).gap(0, null).budget(budget).build();
        LinkResult r = lab.inClient(() -> new Qualifier(c).run((i, total, s) -> {}).link());
        ResultInvariants.check(r.toJson());
        return r;
    }

    private static Verdict verdict(LinkResult r, String name) {
        return r.verdicts().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aRateCappedLinkCarriesAModestRateAndFallsBehindOneAboveItsCap() throws Exception {
        lab.link().reconfigure(spec(10, CAP_BPS));
        LinkResult modest = qualify(1e6, true, Duration.ofMillis(2), Duration.ofSeconds(20));
        assertEquals(Verdict.Status.PASS, verdict(modest, "ASYNC").status(), verdict(modest, "ASYNC").reasons()
                .toString());
        assertTrue(modest.measured().lag().flat());

        double rate = 8e6;
        LinkResult over = qualify(rate, true, Duration.ofMillis(2), Duration.ofSeconds(24));
        Verdict v = verdict(over, "ASYNC");
        assertEquals(Verdict.Status.FAIL, v.status(), v.reasons().toString());
        assertTrue(v.reasons().get(0).startsWith("bandwidth short by"), v.reasons().toString());
        assertTrue(v.reasons().stream().anyMatch(r -> r.startsWith("neither loss") && r.contains(
                "the link's own rate")),
                "issue 39: a clean, rate-capped link is named as the limit: " + v.reasons());
        double carried = over.measured().tunedBps() / 8;
        assertTrue(carried < CAP_BPS / 8.0 && carried > 0.8 * CAP_BPS / 8, "one stream fills the 40 Mbit/s cap: "
                + carried);
        double expected = (rate - carried) / rate;
        double growth = over.measured().lag().growth();
        assertTrue(Math.abs(growth - expected) < 0.1, "lag grows at (rate - cap) / rate = " + expected
                + " s/s, measured "
                + growth + " " + over.measured().lag().points());
        assertTrue(over.measured().lag().fromTcp(), "measured against TCP_INFO bytes acked");
        var defaults = over.results(StepPlan.Kind.DEFAULT_BUFFERS).get(0).summary();
        assertTrue(defaults.sndbufAtEnd() > defaults.sndbufGranted(), "issue 24: the send buffer the stream used, "
                + "as autotuning grew it (" + defaults.sndbufGranted() + " at the start, " + defaults.sndbufAtEnd()
                + " at the end)");
    }

    /** One budget for both links, with room for the userspace forwarder's tail on a busy two-core machine. */
    @Test
    void syncPassesABudgetOnAShortLinkAndFailsItAt20Ms() throws Exception {
        Duration budget = Duration.ofMillis(15);
        lab.link().reconfigure(spec(1, 0));
        LinkResult near = qualify(1e6, false, budget, Duration.ofSeconds(15));
        assertEquals(Verdict.Status.PASS, verdict(near, "SYNC").status(), verdict(near, "SYNC").reasons().toString());
        assertTrue(near.measured().rttMs() >= 1 && near.measured().rttMs() < 2.5, "1 ms link: " + near.measured()
                .rttMs());

        lab.link().reconfigure(spec(20, 0));
        LinkResult far = qualify(1e6, false, budget, Duration.ofSeconds(15));
        Verdict v = verdict(far, "SYNC");
        assertEquals(Verdict.Status.FAIL, v.status(), v.reasons().toString());
        assertTrue(far.measured().rttMs() >= 20, "20 ms link: " + far.measured().rttMs());
        assertTrue(v.reasons().get(0).startsWith("added commit time p50 2"), v.reasons().toString());
    }

    @Test
    void aBufferRequestOverTheOsLimitIsReportedWithTheSysctlLines() throws Exception {
        long wmemMax = Long.parseLong(Files.readAllLines(Path.of("/proc/sys/net/core/wmem_max")).get(0).trim());
        assumeTrue(wmemMax < 256L << 20, "this host already allows 256 MiB socket buffers");
        lab.link().reconfigure(spec(20, 0));
        double rtt = 0.020;
        double redo = 2.0 * wmemMax * 0.7 / (3 * rtt);
        LinkResult r = qualify(redo, true, Duration.ofMillis(2), Duration.ofSeconds(18));
        Measured m = r.measured();
        assertTrue(m.clamped(), "asked " + m.bufferRequested() + ", wmem_max " + wmemMax + ", granted " + m
                .sndbufGranted());
        assertTrue(m.bufferRequested() > wmemMax);
        Verdict v = verdict(r, "ASYNC");
        assertTrue(v.reasons().stream().anyMatch(x -> x.startsWith("socket buffers clamped: asked " + m
                .bufferRequested())),
                v.reasons().toString());
        assertEquals("net.core.wmem_max = " + m.bufferRequested(), r.sysctl().get(0));
        assertEquals("SEND_BUF_SIZE=" + m.bufferRequested(), r.sqlnet().get(0));
    }
}
