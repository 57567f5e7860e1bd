package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.ResultEnvelope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One pass of a RAC qualification, its figures and verdicts: per instance (its stream carried at its own peak, lag
 * flat), for the sum (the link carried every instance at once), and SYNC from each node, under the load when one ran
 * ({@link RacVerdicts}); kind {@code qualify}, mode {@code rac}.
 *
 * @param config     the pass, with its RAC nodes, each instance's rate, its direction and its load
 * @param steps      the steps run, idle then loaded
 * @param load       what the background load carried alone and beside the loaded steps, or null
 * @param incomplete why the steps stopped early, or null
 */
public record RacResult(QualifyConfig config, Instant startedAt, List<Step> steps, LoadFigures load,
        String incomplete) {
    /**
     * One step and each agent's part of it; for the paced streams each instance's lag (from what its agent wrote, or
     * received standby to primary) and the socket buffer asked for.
     */
    public record Step(StepPlan.Step step, FanoutResult result, List<LagTrace> lags, long buffer) {
        /** Node {@code i}'s summary, or null when its agent was lost. */
        HostSummary summary(int i) {
            return i < result.hosts().size() ? result.hosts().get(i).summary() : null;
        }
    }

    /**
     * One node's socket buffer: 3 x the BDP of its own instance's required bandwidth at the round trip measured from
     * that node (issue 39, point 9: a RAC run gets the settings a single host's run gets).
     */
    public record NodeBuffer(String from, double rttMs, double peakBytesPerSecond, long bdpBytes, long buffer) {
    }

    /** Each node's buffer, from the round-trip step (empty when it did not run); a lost agent's node is left out. */
    public List<NodeBuffer> buffers() {
        List<NodeBuffer> out = new ArrayList<>();
        Step trip = roundTrip();
        for (int i = 0; trip != null && i < trip.result().hosts().size() && i < config.instanceRates().size(); i++) {
            HostSummary h = trip.summary(i);
            if (h != null && h.latencyAvgMs() > 0) {
                double rate = config.instanceRates().get(i);
                long bdp = Sizing.bdpBytes(Sizing.requiredBitsPerSecond(rate, config.tcpEfficiency()),
                        h.latencyAvgMs() / 1000);
                out.add(new NodeBuffer(trip.result().hosts().get(i).from().toString(), h.latencyAvgMs(), rate, bdp,
                        Sizing.socketBuffer(bdp)));
            }
        }
        return out;
    }

    /** The round-trip step, or null before it ran. */
    Step roundTrip() {
        return steps.stream().filter(s -> s.step().kind() == StepPlan.Kind.ROUND_TRIP).findFirst().orElse(null);
    }

    /**
     * sqlnet.ora for every instance's destination and the standby's listener: the largest node's buffer (the
     * standby takes each instance's stream on a connection of its own; one setting serves them all); empty before
     * the round trip.
     */
    public List<String> sqlnet() {
        long b = largestBuffer();
        return b <= 0 ? List.of() : List.of("SEND_BUF_SIZE=" + b, "RECV_BUF_SIZE=" + b, "DEFAULT_SDU_SIZE="
                + Sizing.SDU);
    }

    /** The sysctl lines that let every node and the standby grant {@link #sqlnet}'s buffer. */
    public List<String> sysctl() {
        long b = largestBuffer();
        return b <= 0 ? List.of() : Sizing.sysctlLines(b, LinkResult.PROC_SYS);
    }

    /** The largest node's buffer, 0 before the round trip. */
    public long largestBuffer() {
        return buffers().stream().mapToLong(NodeBuffer::buffer).max().orElse(0);
    }

    /** Every verdict: one per instance and the sum (ASYNC), then SYNC per node and write size. */
    public List<Verdict> verdicts() {
        return new RacVerdicts(this).all();
    }

    /** The worst verdict; INCOMPLETE when the steps stopped early. */
    public Verdict.Status overall() {
        return incomplete != null ? Verdict.Status.INCOMPLETE : Verdict.worst(verdicts());
    }

    public ObjectNode toJson() {
        QualifyConfig c = config;
        ObjectNode p = Json.object();
        p.put("host", c.target().host());
        p.put("port", c.target().port());
        p.put("mode", "rac");
        p.put("direction", c.reverse() ? "standby_to_primary" : "primary_to_standby");
        ArrayNode from = p.putArray("from");
        config.rac().from().forEach(h -> from.add(h.toString()));
        ArrayNode rates = p.putArray("redo_rates_bytes_s");
        config.instanceRates().forEach(rates::add);
        p.put("commit_budget_ms", c.commitBudget().toNanos() / 1e6);
        p.put("tcp_efficiency", c.tcpEfficiency());
        p.put("budget_s", c.budget().toSeconds());
        if (c.underLoad() != null) {
            p.put("under_load", c.underLoad().toString());
        }
        ObjectNode s = Json.object();
        s.put("overall", overall().name());
        ArrayNode v = s.putArray("verdicts");
        verdicts().forEach(x -> v.add(x.toJson()));
        RacVerdicts.Pair streams = RacVerdicts.streams(steps);
        ArrayNode lagArray = s.putArray("instance_lags");
        if (streams.judged() != null) {
            streams.judged().lags().forEach(l -> lagArray.add(l.summaryJson()));
        }
        if (streams.idle() != null && streams.judged() != streams.idle()) {
            ArrayNode idle = s.putArray("instance_lags_idle");
            streams.idle().lags().forEach(l -> idle.add(l.summaryJson()));
        }
        if (load != null) {
            s.set("under_load", load.toJson(c.underLoad()));
        }
        s.set("settings", settingsJson());
        ObjectNode doc = ResultEnvelope.incomplete(ResultEnvelope.of("qualify", startedAt, p, s, null, List.of()),
                incomplete);
        ArrayNode stepArray = doc.putArray("steps");
        for (Step st : steps) {
            ObjectNode n = stepArray.addObject();
            n.put("step", st.step().kind().name().toLowerCase(Locale.ROOT));
            n.put("label", st.step().label());
            n.put("loaded", st.step().loaded());
            ArrayNode hosts = n.putArray("hosts");
            st.result().hosts().forEach(h -> hosts.add(h.toJson()));
        }
        return doc;
    }

    /** sqlnet.ora and sysctl lines, and each node's buffer with the round trip and peak it rests on. */
    private ObjectNode settingsJson() {
        ObjectNode settings = Json.object();
        sqlnet().forEach(settings.putArray("sqlnet_ora")::add);
        sysctl().forEach(settings.putArray("sysctl")::add);
        ArrayNode perNode = settings.putArray("per_node");
        for (NodeBuffer b : buffers()) {
            perNode.addObject().put("from", b.from()).put("rtt_ms", b.rttMs()).put("peak_bytes_s", b
                    .peakBytesPerSecond())
                    .put("bdp_bytes", b.bdpBytes()).put("buffer_bytes", b.buffer());
        }
        return settings;
    }
}
