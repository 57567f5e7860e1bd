package dev.probe.core.qualify;

import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.ResultEnvelope;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A RAC qualification's figures and verdicts: per instance (its stream carried at its own peak, lag flat), for the
 * sum (the link carried every instance at once), and SYNC from each node; kind {@code qualify}, mode {@code rac}.
 *
 * @param config     the qualification, with its RAC nodes and each instance's rate
 * @param lags       each instance's stream's lag (from what its agent wrote: a lower bound)
 * @param incomplete why the steps stopped early, or null
 */
public record RacResult(QualifyConfig config, Instant startedAt, List<Step> steps, List<LagTrace> lags,
                        String incomplete) {
    /** A stream carried at least this share of its rate (as the standby counted it) keeps up. */
    static final double CARRIED = 0.97;

    /** One step and each agent's part of it. */
    public record Step(StepPlan.Step step, FanoutResult result) {
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
        for (Step s : steps) {
            if (s.step().kind() != StepPlan.Kind.ROUND_TRIP) {
                continue;
            }
            for (int i = 0; i < s.result().hosts().size() && i < config.instanceRates().size(); i++) {
                FanoutResult.Host h = s.result().hosts().get(i);
                if (h.summary() != null && h.summary().latencyAvgMs() > 0) {
                    double rate = config.instanceRates().get(i);
                    long bdp = Sizing.bdpBytes(Sizing.requiredBitsPerSecond(rate, config.tcpEfficiency()),
                            h.summary().latencyAvgMs() / 1000);
                    out.add(new NodeBuffer(h.from().toString(), h.summary().latencyAvgMs(), rate, bdp,
                            Sizing.socketBuffer(bdp)));
                }
            }
        }
        return out;
    }

    /**
     * sqlnet.ora for every instance's destination and the standby's listener: the largest node's buffer (the
     * standby takes each instance's stream on a connection of its own; one setting serves them all); empty before
     * the round trip.
     */
    public List<String> sqlnet() {
        long b = largestBuffer();
        return b <= 0 ? List.of() : List.of("SEND_BUF_SIZE=" + b, "RECV_BUF_SIZE=" + b, "DEFAULT_SDU_SIZE=" + Sizing.SDU);
    }

    /** The sysctl lines that let every node and the standby grant {@link #sqlnet}'s buffer. */
    public List<String> sysctl() {
        long b = largestBuffer();
        return b <= 0 ? List.of() : Sizing.sysctlLines(b, LinkResult.PROC_SYS);
    }

    private long largestBuffer() {
        return buffers().stream().mapToLong(NodeBuffer::buffer).max().orElse(0);
    }

    /** Every verdict: one per instance and the sum (ASYNC), then SYNC per node and write size. */
    public List<Verdict> verdicts() {
        List<Verdict> out = new ArrayList<>();
        QualifyConfig c = config;
        for (Step s : steps) {
            if (s.step().kind() == StepPlan.Kind.REDO_RATE) {
                out.addAll(async(s.result(), c));
            } else if (s.step().kind() == StepPlan.Kind.SYNC) {
                for (FanoutResult.Host h : s.result().hosts()) {
                    out.add(sync(s.step(), h, c));
                }
            }
        }
        return out;
    }

    private List<Verdict> async(FanoutResult r, QualifyConfig c) {
        List<Verdict> out = new ArrayList<>();
        boolean anyBehind = false;
        double sumRate = 0;
        double sumCarried = 0;
        for (int i = 0; i < r.hosts().size(); i++) {
            FanoutResult.Host h = r.hosts().get(i);
            double rate = config.instanceRates().get(i);
            double carried = h.summary() == null ? 0 : h.summary().throughputGbps() * 1e9 / 8;
            LagTrace lag = i < lags.size() ? lags.get(i) : null;
            boolean keeps = carried >= CARRIED * rate && lag != null && lag.flat();
            anyBehind |= !keeps;
            sumRate += rate;
            sumCarried += carried;
            List<String> reasons = new ArrayList<>();
            reasons.add(fmt("paced at %.1f MB/s (instance %d's peak) from %s; the standby received %.1f MB/s (%.0f %%)%s",
                    rate / 1e6, i + 1, h.from(), carried / 1e6, 100 * carried / rate, received(h.summary(), carried)));
            if (lag != null) {
                reasons.add(fmt("transport lag %.2f s at the end, %s (from what the agent wrote: a lower bound)",
                        lag.lastLag(), lag.describeGrowth()));
            }
            reasons.add(fmt("its own required bandwidth %.1f Mbit/s (peak / %.2f x 8)",
                    Sizing.requiredBitsPerSecond(rate, c.tcpEfficiency()) / 1e6, c.tcpEfficiency()));
            out.add(new Verdict("ASYNC instance " + (i + 1), keeps ? Verdict.Status.PASS : Verdict.Status.FAIL,
                    reasons));
        }
        boolean sumKeeps = sumCarried >= CARRIED * sumRate && !anyBehind;
        out.add(new Verdict("ASYNC all instances", sumKeeps ? Verdict.Status.PASS : Verdict.Status.FAIL, List.of(
                fmt("%d instances at once: %.1f MB/s of redo offered, %.1f MB/s received by the standby (%.0f %%)",
                        r.hosts().size(), sumRate / 1e6, sumCarried / 1e6, 100 * sumCarried / sumRate),
                fmt("required bandwidth for the sum %.1f Mbit/s (note 736755.1: the peaks of all instances together)",
                        Sizing.requiredBitsPerSecond(sumRate, c.tcpEfficiency()) / 1e6),
                anyBehind ? "at least one instance's stream fell behind (see its verdict)"
                        : "every instance's stream kept up with its own peak")));
        return out;
    }

    /**
     * ": 139.2 MB in 51.47 s as the standby timed it": the figures the rate rests on, on the standby's clock (from its
     * first byte to its last, so longer than the run where the stream fell behind and drained after it).
     */
    private static String received(HostSummary s, double carried) {
        return s == null || !(carried > 0) ? "" : fmt(": %.1f MB in %.2f s as the standby timed it", s.bytes() / 1e6,
                s.bytes() / carried);
    }

    private static Verdict sync(StepPlan.Step step, FanoutResult.Host h, QualifyConfig c) {
        HostSummary s = h.summary();
        double budget = c.commitBudget().toNanos() / 1e6;
        String name = step.label() + " from " + h.from();
        if (s == null) {
            return new Verdict(name, Verdict.Status.FAIL, List.of("the agent was lost: " + h.loss().reason()));
        }
        double local = c.localLogWrite().toNanos() / 1e6;
        double avg = Math.max(0, s.latencyAvgMs() - local);
        double p99 = Math.max(0, s.latencyP99Ms() - local);
        Verdict.Status status = p99 <= budget ? Verdict.Status.PASS
                : avg <= budget ? Verdict.Status.MARGINAL : Verdict.Status.FAIL;
        return new Verdict(name, status, List.of(fmt("added commit time avg %.3f / p99 %.3f ms against the %.3f ms "
                + "budget (%d round trips from this node)", avg, p99, budget, s.messages())));
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
        ArrayNode from = p.putArray("from");
        config.rac().from().forEach(h -> from.add(h.toString()));
        ArrayNode rates = p.putArray("redo_rates_bytes_s");
        config.instanceRates().forEach(rates::add);
        p.put("commit_budget_ms", c.commitBudget().toNanos() / 1e6);
        p.put("tcp_efficiency", c.tcpEfficiency());
        p.put("budget_s", c.budget().toSeconds());
        ObjectNode s = Json.object();
        s.put("overall", overall().name());
        ArrayNode v = s.putArray("verdicts");
        verdicts().forEach(x -> v.add(x.toJson()));
        ArrayNode lagArray = s.putArray("instance_lags");
        lags.forEach(l -> lagArray.add(l.summaryJson()));
        ObjectNode settings = s.putObject("settings");
        sqlnet().forEach(settings.putArray("sqlnet_ora")::add);
        sysctl().forEach(settings.putArray("sysctl")::add);
        ArrayNode perNode = settings.putArray("per_node");
        for (NodeBuffer b : buffers()) {
            perNode.addObject().put("from", b.from()).put("rtt_ms", b.rttMs()).put("peak_bytes_s", b.peakBytesPerSecond())
                    .put("bdp_bytes", b.bdpBytes()).put("buffer_bytes", b.buffer());
        }
        ObjectNode doc = ResultEnvelope.incomplete(ResultEnvelope.of("qualify", startedAt, p, s, null, List.of()),
                incomplete);
        ArrayNode stepArray = doc.putArray("steps");
        for (Step st : steps) {
            ObjectNode n = stepArray.addObject();
            n.put("step", st.step().kind().name().toLowerCase(Locale.ROOT));
            n.put("label", st.step().label());
            ArrayNode hosts = n.putArray("hosts");
            st.result().hosts().forEach(h -> hosts.add(h.toJson()));
        }
        return doc;
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
