package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.testing.AgentTestbed;
import dev.probe.core.testing.ResultInvariants;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Issue 25, point 2 on loopback: two agents as a RAC primary's nodes, each instance's stream at its own peak. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RacLoopbackTest {
    @TempDir
    Path dir;
    private AgentTestbed bed;

    @AfterEach
    void down() {
        if (bed != null) {
            bed.close();
        }
    }

    private Qualifier rac(List<Double> rates) throws Exception {
        return new Qualifier(config(rates).build());
    }

    private QualifyConfig.Builder config(List<Double> rates) throws Exception {
        bed = new AgentTestbed(dir);
        ProbeServer server = bed.server();
        List<ProbeServer> nodes = List.of(bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets
                .loopback())),
                bed.agent(AgentTestbed.SECRET, AgentLimits.defaults(AllowedTargets.loopback())));
        return QualifyConfig
                .builder(Target.of("127.0.0.1", server.address().getPort()), RedoLoad.given(rates))
                .modes(true, true).writeSizes(List.of(32L << 10)).affirm(false)
                .commitBudget(Duration.ofMillis(20), Duration.ZERO).tcpEfficiency(0.7).gap(0, null)
                .budget(Duration.ofSeconds(16)).rac(new Agents("--from", nodes.stream().map(AgentTestbed::at).toList(),
                        new ClientSecurity(AgentTestbed.SECRET, null), Duration.ofSeconds(5), Duration.ofSeconds(10)));
    }

    private static double sentRate(HostSummary s) {
        return s.bytes() / s.durationS();
    }

    @Test
    void eachInstanceIsPacedAtItsOwnPeakAndJudgedAloneAndTogether() throws Exception {
        RacResult r = rac(List.of(12e6, 5e6)).run((i, n, s) -> {}, new RunStop()).rac();
        assertEquals(null, r.incomplete());
        FanoutResult paced = r.steps().stream().filter(s -> s.step().kind() == StepPlan.Kind.REDO_RATE).findFirst()
                .orElseThrow().result();
        // each node's bytes over its sender's time, the clock its pacer schedules against: the standby's goodput
        // (the summary's throughput, as iperf3's) is over the server's own window, which starts at the first byte it
        // saw; on a loaded host that came late and node 1 read 14.0 MB/s for 12 (a fresh-clone run, 2026-12-07)
        double first = sentRate(paced.hosts().get(0).summary());
        double second = sentRate(paced.hosts().get(1).summary());
        assertTrue(Math.abs(first - 12e6) < 1.2e6 && Math.abs(second - 5e6) < 0.5e6, first + " and " + second);
        List<String> names = r.verdicts().stream().map(Verdict::name).toList();
        assertEquals(List.of("ASYNC instance 1", "ASYNC instance 2", "ASYNC all instances"), names.subList(0, 3));
        assertEquals(5, names.size(), "and SYNC from each node: " + names);
        assertTrue(names.get(3).startsWith("SYNC 32 Kbytes FASTSYNC from 127.0.0.1:"), names.get(3));
        assertEquals(2, RacVerdicts.streams(r.steps()).judged().lags().size());
        // issue 39, point 7: "received 2.7 MB/s" beside 139,231,232 B in 47.46 s: the reason now shows what it rests on
        String received = r.verdicts().get(0).reasons().get(0);
        Matcher m = Pattern.compile("received ([0-9.]+) MB/s \\(\\d+ %\\): ([0-9.]+) MB "
                + "in ([0-9.]+) s as the standby timed it").matcher(received);
        assertTrue(m.find(), received);
        assertEquals(Double.parseDouble(m.group(2)) / Double.parseDouble(m.group(3)), Double.parseDouble(m.group(1)),
                0.1, received);
        assertEquals(paced.hosts().get(0).summary().bytes() / 1e6, Double.parseDouble(m.group(2)), 0.06, received);
        JsonNode doc = r.toJson();
        ResultInvariants.check(doc);
        assertEquals("rac", doc.path("params").path("mode").asText());
        assertEquals(2, doc.path("summary").path("instance_lags").size());
        // issue 39, point 9: the settings a single host's run gets, from each node's own round trip
        assertEquals(2, r.buffers().size());
        RacResult.NodeBuffer big = r.buffers().get(0);
        assertTrue(big.rttMs() > 0 && big.peakBytesPerSecond() == 12e6, big.toString());
        assertEquals(Sizing.socketBuffer(Sizing.bdpBytes(Sizing.requiredBitsPerSecond(12e6, 0.7), big.rttMs() / 1000)),
                big.buffer());
        long largest = Math.max(big.buffer(), r.buffers().get(1).buffer());
        assertEquals(List.of("SEND_BUF_SIZE=" + largest, "RECV_BUF_SIZE=" + largest, "DEFAULT_SDU_SIZE=65535"),
                r.sqlnet());
        assertEquals(2, doc.path("summary").path("settings").path("per_node").size());
        assertEquals("SEND_BUF_SIZE=" + largest, doc.path("summary").path("settings").path("sqlnet_ora").get(0)
                .asText());
    }

    /**
     * Issue 39, point 9 (a RAC run gets what a single host's run gets) and point 2 (a reverse run whose load flows the
     * other way reports no cost): each instance's stream standby to its node, a backup towards the standby beside it.
     */
    @Test
    void reverseUnderLoadPacesEachNodeFromTheStandbyAndPutsNoCostOnTheRedo() throws Exception {
        QualifyResult q = new Qualifier(config(List.of(8e6, 4e6)).reverse(true).budget(Duration.ofSeconds(20))
                .underLoad(UnderLoad.parse("backup:2", null)).build()).run((i, n, s) -> {}, new RunStop());
        RacResult r = q.rac();
        assertEquals(null, r.incomplete());
        RacVerdicts.Pair streams = RacVerdicts.streams(r.steps());
        assertTrue(streams.judged().step().loaded() && !streams.idle().step().loaded(), "idle, then beside the load");
        double first = streams.idle().summary(0).throughputGbps() * 1e9 / 8;
        assertEquals(8e6, first, 0.8e6, "node 1 received its instance's rate from the standby");
        Verdict one = r.verdicts().get(0);
        assertEquals("ASYNC instance 1", one.name());
        String all = String.join("\n", one.reasons());
        assertTrue(all.contains("by the standby to 127.0.0.1:") && all.contains("as the node timed it"), all);
        assertTrue(all.contains("measured under 2 backup channels") && all.contains("flowed the other way from the "
                + "redo, so no cost is put on the redo"), all);
        assertTrue(r.load() != null && !r.load().sameDirection() && Double.isNaN(r.load().cost()), r.load().toString());
        List<String> names = r.verdicts().stream().map(Verdict::name).toList();
        assertEquals(5, names.size(), "the SYNC verdicts rest on the loaded runs: " + names);
        Verdict sync = r.verdicts().get(3);
        assertTrue(sync.name().startsWith("SYNC 32 Kbytes FASTSYNC under load from 127.0.0.1:"), sync.name());
        assertTrue(sync.reasons().stream().anyMatch(x -> x.matches(".*idle avg [0-9.]+ / p99 [0-9.]+ ms; under load "
                + "avg [0-9.]+ / p99 [0-9.]+ ms \\(avg [0-9.]+ ms (more|less), p99 [0-9.]+ ms (more|less)\\).*")),
                sync.reasons().toString());
        JsonNode doc = q.toJson();
        ResultInvariants.check(doc);
        assertEquals("standby_to_primary", doc.path("params").path("direction").asText());
        assertEquals(false, doc.path("summary").path("under_load").path("same_direction").asBoolean());
        assertEquals(2, doc.path("summary").path("instance_lags_idle").size());
    }

    @Test
    void oneRatePerNode() throws Exception {
        BadParameterException e = assertThrows(BadParameterException.class, () -> rac(List.of(12e6)));
        assertEquals("--redo-rate: give one rate per --from host (2 hosts, 1 rate): e.g. --redo-rate 30MB/s,25MB/s",
                e.getMessage());
    }
}
