package dev.probe.core.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * A RAC pass's verdicts ({@link RacResult#verdicts}): each instance's stream and their sum on the paced step (the
 * loaded one when a load ran, its idle twin the reference), then SYNC per node and write size; a stream that fell
 * behind gets the diagnosis a single host's stream gets ({@link StreamLimit}).
 */
final class RacVerdicts {
    /** The paced step idle and the one the verdicts rest on (the loaded one when a load ran); either may be null. */
    record Pair(RacResult.Step idle, RacResult.Step judged) {
    }

    private final RacResult r;
    private final QualifyConfig c;

    RacVerdicts(RacResult r) {
        this.r = r;
        this.c = r.config();
    }

    /** The paced steps of {@code steps}. */
    static Pair streams(List<RacResult.Step> steps) {
        RacResult.Step idle = null;
        RacResult.Step loaded = null;
        for (RacResult.Step s : steps) {
            if (s.step().kind() == StepPlan.Kind.REDO_RATE) {
                if (s.step().loaded()) {
                    loaded = s;
                } else {
                    idle = s;
                }
            }
        }
        return new Pair(idle, loaded != null ? loaded : idle);
    }

    List<Verdict> all() {
        List<Verdict> out = new ArrayList<>();
        Pair streams = streams(r.steps());
        if (streams.judged() != null) {
            out.addAll(async(streams));
        }
        boolean loaded = r.steps().stream().anyMatch(s -> s.step().kind() == StepPlan.Kind.SYNC && s.step().loaded());
        for (RacResult.Step s : r.steps()) {
            if (s.step().kind() != StepPlan.Kind.SYNC || s.step().loaded() != loaded) {
                continue; // under load the verdicts rest on the loaded runs; the idle ones are their reference
            }
            RacResult.Step idle = loaded ? idleTwin(s) : null;
            for (int i = 0; i < s.result().hosts().size(); i++) {
                Verdict v = sync(s.step(), s.result().hosts().get(i));
                HostSummary quiet = idle == null ? null : idle.summary(i);
                out.add(quiet == null || s.summary(i) == null || r.load() == null ? v
                        : Verdicts.underLoad(v, syncBeside(quiet, s.summary(i)), r.load()));
            }
        }
        return out;
    }

    private RacResult.Step idleTwin(RacResult.Step loaded) {
        return r.steps().stream().filter(x -> !x.step().loaded()
                && x.step().idleLabel().equals(loaded.step().idleLabel())).findFirst().orElse(null);
    }

    private List<Verdict> async(Pair streams) {
        RacResult.Step judged = streams.judged();
        List<Verdict> out = new ArrayList<>();
        boolean anyBehind = false;
        double sumRate = 0;
        double sumCarried = 0;
        for (int i = 0; i < judged.result().hosts().size(); i++) {
            double rate = c.instanceRates().get(i);
            double carried = carried(judged, i);
            LagTrace lag = i < judged.lags().size() ? judged.lags().get(i) : null;
            Verdict.Status status = Rules.carried(carried, rate, lag != null && lag.flat());
            boolean keeps = status == Verdict.Status.PASS;
            anyBehind |= !keeps;
            sumRate += rate;
            sumCarried += carried;
            Verdict v = new Verdict("ASYNC instance " + (i + 1), status,
                    instanceReasons(judged, i, rate, carried, lag, keeps));
            if (judged != streams.idle() && streams.idle() != null && r.load() != null) {
                LagTrace idleLag = i < streams.idle().lags().size() ? streams.idle().lags().get(i) : null;
                if (idleLag != null && lag != null) {
                    v = Verdicts.underLoad(v, Verdicts.lagBeside(idleLag, lag), r.load());
                    if (idleLag.flat() && !lag.flat()) {
                        v = Verdicts.fairShare(v, carried * 8, rate * 8, r.load());
                    }
                }
            }
            out.add(v);
        }
        Verdict.Status sumStatus = Rules.carried(sumCarried, sumRate, !anyBehind);
        List<String> reasons = new ArrayList<>(List.of(
                fmt("%d instances at once: %.1f MB/s of redo offered, %.1f MB/s received by the %s (%.0f %%)",
                        judged.result().hosts().size(), sumRate / 1e6, sumCarried / 1e6,
                        c.reverse() ? "nodes" : "standby", 100 * sumCarried / sumRate),
                fmt("required bandwidth for the sum %.1f Mbit/s (the peaks of all instances together; %s)",
                        Sizing.requiredBitsPerSecond(sumRate, c.tcpEfficiency()) / 1e6,
                        Sizing.requiredRule(c.tcpEfficiency())),
                anyBehind ? "at least one instance's stream fell behind (see its verdict)"
                        : "every instance's stream kept up with its own peak"));
        Verdict sum = new Verdict("ASYNC all instances", sumStatus, reasons);
        if (judged != streams.idle() && streams.idle() != null && r.load() != null) {
            double idleSum = 0;
            for (int i = 0; i < streams.idle().result().hosts().size(); i++) {
                idleSum += carried(streams.idle(), i);
            }
            sum = Verdicts.underLoad(sum, fmt("received %.1f MB/s idle, %.1f MB/s beside the load", idleSum / 1e6,
                    sumCarried / 1e6), r.load());
        }
        out.add(sum);
        return out;
    }

    /** What node {@code i}'s stream carried, bytes/s as its receiver counted them; 0 for a lost agent. */
    private static double carried(RacResult.Step s, int i) {
        HostSummary h = s.summary(i);
        return h == null ? 0 : h.throughputGbps() * 1e9 / 8;
    }

    private List<String> instanceReasons(RacResult.Step s, int i, double rate, double carried, LagTrace lag,
                                         boolean keeps) {
        FanoutResult.Host h = s.result().hosts().get(i);
        List<String> reasons = new ArrayList<>();
        String node = h.from().toString();
        reasons.add(c.reverse()
                ? fmt("paced at %.1f MB/s (instance %d's peak) by the standby to %s, which received %.1f MB/s (%.0f %%)%s",
                        rate / 1e6, i + 1, node, carried / 1e6, 100 * carried / rate, received(h.summary(), carried,
                                "the node"))
                : fmt("paced at %.1f MB/s (instance %d's peak) from %s; the standby received %.1f MB/s (%.0f %%)%s",
                        rate / 1e6, i + 1, node, carried / 1e6, 100 * carried / rate, received(h.summary(), carried,
                                "the standby")));
        if (lag != null) {
            reasons.add(fmt("transport lag %.2f s at the end, %s (%s)", lag.lastLag(), lag.describeGrowth(),
                    c.reverse() ? "from what the node received" : "from what the agent wrote: a lower bound"));
        }
        reasons.add(fmt("its own required bandwidth %.1f Mbit/s (peak / %.2f x 8)",
                Sizing.requiredBitsPerSecond(rate, c.tcpEfficiency()) / 1e6, c.tcpEfficiency()));
        if (!keeps && h.summary() != null) {
            reasons.addAll(diagnosis(s, i, carried));
        }
        return reasons;
    }

    /**
     * Why a stream that fell behind carried what it did, as a single host's stream is judged: its loss (what its
     * agent's TCP retransmitted) against its buffer at the round trip measured from its node.
     */
    private List<String> diagnosis(RacResult.Step s, int i, double carried) {
        if (c.reverse()) {
            return List.of("the standby's server sent this stream: its retransmits and window stay on the standby, so "
                    + "loss and buffers cannot be told apart here");
        }
        RacResult.Step trip = r.roundTrip();
        HostSummary rtt = trip == null ? null : trip.summary(i);
        return StreamLimit.ofNode(carried, rtt == null ? Double.NaN : rtt.latencyAvgMs(), s.summary(i), s.buffer());
    }

    /** ": 139.2 MB in 51.47 s as the standby timed it": the figures the rate rests on, on the receiver's clock. */
    private static String received(HostSummary s, double carried, String receiver) {
        return s == null || !(carried > 0) ? "" : fmt(": %.1f MB in %.2f s as %s timed it", s.bytes() / 1e6,
                s.bytes() / carried, receiver);
    }

    private Verdict sync(StepPlan.Step step, FanoutResult.Host h) {
        HostSummary s = h.summary();
        double budget = c.commitBudget().toNanos() / 1e6;
        String name = step.label() + " from " + h.from();
        if (s == null) {
            return new Verdict(name, Verdict.Status.INCOMPLETE, List.of("not measured whole: the agent was lost: "
                    + h.loss().reason()));
        }
        double local = c.localLogWrite().toNanos() / 1e6;
        double avg = Math.max(0, s.latencyAvgMs() - local);
        double p99 = Math.max(0, s.latencyP99Ms() - local);
        Verdict.Status status = Rules.commit(avg, p99, budget);
        return new Verdict(name, status, List.of(fmt("added commit time avg %.3f / p99 %.3f ms against the %.3f ms "
                + "budget (%d round trips from this node)", avg, p99, budget, s.messages())));
    }

    /** "idle avg 0.210 / p99 0.400 ms; under load avg 1.310 / p99 4.100 ms (avg 1.100 ms more, p99 3.700 ms more)". */
    private static String syncBeside(HostSummary idle, HostSummary loaded) {
        return fmt("idle avg %.3f / p99 %.3f ms; under load avg %.3f / p99 %.3f ms (avg %s, p99 %s)",
                idle.latencyAvgMs(), idle.latencyP99Ms(), loaded.latencyAvgMs(), loaded.latencyP99Ms(),
                Verdicts.change(loaded.latencyAvgMs() - idle.latencyAvgMs()),
                Verdicts.change(loaded.latencyP99Ms() - idle.latencyP99Ms()));
    }

}
