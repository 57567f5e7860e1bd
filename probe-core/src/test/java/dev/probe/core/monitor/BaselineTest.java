package dev.probe.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.Target;
import dev.probe.core.protocol.BadParameterException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --baseline}: what a qualify document gives the monitor, and the verdicts judged as qualify judges them. */
class BaselineTest {
    @TempDir
    Path dir;

    /** The fields of a {@code probe qualify --json} document the monitor reads (as QualifyResult writes them). */
    static String qualifyJson(String host, int port, double budgetMs, double redoRate) {
        return String.format(Locale.ROOT, """
                {"schema":"probe.result/1","kind":"qualify","started_at":"2026-11-24T19:04:07Z",
                 "params":{"host":"%s","port":%d,"redo_rate_bytes_s":%s,"redo_write_sizes":[16384],
                           "commit_budget_ms":%s,"local_log_write_ms":0.5},
                 "summary":{"overall":"MARGINAL","required_bps":%s,
                            "verdicts":[{"name":"ASYNC","status":"PASS","reasons":[]},
                                        {"name":"SYNC","status":"MARGINAL","reasons":[]}]}}
                """, host, port, redoRate, budgetMs, redoRate / 0.7 * 8);
    }

    @Test
    void aQualifyResultGivesTheYardsticks() throws Exception {
        Path q = dir.resolve("q.json");
        Files.writeString(q, qualifyJson("standby1", 5555, 2, 45e6));
        Baseline b = Baseline.read(q);
        assertEquals("standby1:5555", b.standby());
        assertEquals(0.002, b.commitBudgetSeconds(), 1e-12);
        assertEquals(0.0005, b.localLogWriteSeconds(), 1e-12);
        assertEquals(45e6 / 0.7, b.requiredBytesPerSecond(), 1e-3);
        assertEquals(16384, b.writeSize());
        assertEquals("MARGINAL", b.verdicts().get("SYNC"));
    }

    @Test
    void syncIsJudgedOnTheAddedCommitTime() {
        Baseline b = new Baseline("s:1", 0.002, 0.0005, 64e6, 45e6, 16384, "t", Map.of());
        assertEquals(Baseline.PASS, b.sync(0.0015, 0.0025), "p99 2.5 ms less the 0.5 ms local write fits 2 ms");
        assertEquals(Baseline.MARGINAL, b.sync(0.0024, 0.004), "only p50 fits");
        assertEquals(Baseline.FAIL, b.sync(0.003, 0.004));
    }

    @Test
    void asyncIsJudgedOnOneStreamAgainstTheRequiredAndThePeak() {
        Baseline b = new Baseline("s:1", 0.002, 0, 64e6, 45e6, 16384, "t", Map.of());
        assertEquals(Baseline.PASS, b.async(70e6));
        assertEquals(Baseline.MARGINAL, b.async(50e6), "keeps up with the peak, without TCP's headroom");
        assertEquals(Baseline.FAIL, b.async(30e6));
        assertEquals(1 - 30e6 / 45e6, b.lagGrowth(30e6), 1e-12);
        assertEquals(0, b.lagGrowth(50e6));
    }

    @Test
    void anythingButAQualifyResultIsOneLineNamingTheFlag() throws Exception {
        Path client = dir.resolve("client.json");
        Files.writeString(client, "{\"kind\":\"sync\",\"params\":{}}");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"kind\":");
        Path partial = dir.resolve("partial.json");
        Files.writeString(partial, "{\"kind\":\"qualify\",\"params\":{\"commit_budget_ms\":2},\"summary\":{}}");
        for (Path p : List.of(client, broken, partial, dir.resolve("missing.json"))) {
            BadParameterException e = assertThrows(BadParameterException.class, () -> Baseline.read(p));
            assertTrue(e.getMessage().startsWith("--baseline: ") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void eachBaselineJudgesTheServerItQualified() throws Exception {
        Baseline one = new Baseline("standby1:5555", 0.002, 0, 64e6, 45e6, 16384, "t", Map.of());
        Baseline two = new Baseline("standby2:5555", 0.004, 0, 64e6, 45e6, 16384, "t", Map.of());
        Target s3 = Target.of("10.0.0.3", 5555);
        MonitorConfig c = new MonitorConfig(s3, Duration.ofMinutes(1), Duration.ofMinutes(15), 0.01, 32768,
                Duration.ofSeconds(3), List.of(one, two));
        assertEquals(two, c.baselineFor("standby2:5555"));
        assertEquals(null, c.baselineFor("10.0.0.3:5555"), "two baselines, neither for this server");
        MonitorConfig single = new MonitorConfig(s3, Duration.ofMinutes(1), Duration.ofMinutes(15), 0.01, 32768,
                Duration.ofSeconds(3), List.of(one));
        assertEquals(one, single.baselineFor("10.0.0.3:5555"), "the only baseline judges the scheduled standby "
                + "(qualified by name, watched by address)");
        assertEquals(null, single.baselineFor("10.0.0.4:5555"));
    }
}
