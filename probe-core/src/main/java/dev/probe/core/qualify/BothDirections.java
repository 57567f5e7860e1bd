package dev.probe.core.qualify;

import dev.probe.core.client.RunStop;
import dev.probe.core.protocol.BadParameterException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A qualification both ways ({@code --both-directions}, iperf3's --bidir in turn): the whole procedure primary to
 * standby, then the stream steps standby to primary (the standby's server sends), so the link is qualified for redo
 * after a switchover too, and the asymmetry of the two single streams is shown.
 *
 * @param forward primary to standby
 * @param reverse standby to primary (stream steps only), null when the run stopped before it
 */
public record BothDirections(QualifyResult forward, QualifyResult reverse) {
    /** What the reverse verdicts' names end with. */
    public static final String REVERSE = " standby to primary";

    /** Runs both within {@code config}'s budget: the reverse pass gets the share its four stream steps weigh. */
    public static BothDirections run(QualifyConfig config, Qualifier.Progress forwardProgress,
                                     Qualifier.Progress reverseProgress, RunStop stop) throws InterruptedException {
        Duration reverseShare = reverseShare(config);
        Duration forwardShare = config.budget().minus(reverseShare);
        QualifyResult forward = new Qualifier(config.within(forwardShare)).run(forwardProgress, stop);
        if (forward.incomplete() != null) {
            return new BothDirections(forward, null);
        }
        return new BothDirections(forward, new Qualifier(config.reversed(reverseShare)).run(reverseProgress, stop));
    }

    /**
     * The reverse pass's share of {@code config}'s budget: what its four stream steps weigh (two fifths beside SYNC,
     * half without); a budget that leaves either pass less than {@link QualifyConfig#MIN_BUDGET} names --budget.
     */
    public static Duration reverseShare(QualifyConfig config) {
        Duration reverse = config.budget().multipliedBy(config.sync() ? 2 : 1).dividedBy(config.sync() ? 5 : 2);
        if (reverse.compareTo(QualifyConfig.MIN_BUDGET) < 0
                || config.budget().minus(reverse).compareTo(QualifyConfig.MIN_BUDGET) < 0) {
            throw new BadParameterException("--budget", config.budget().toSeconds() + " s is too short for "
                    + "--both-directions: each direction needs " + QualifyConfig.MIN_BUDGET.toSeconds() + " s (give "
                    + "--budget " + QualifyConfig.MIN_BUDGET.toSeconds() * (config.sync() ? 3 : 2) + "s or more)");
        }
        return reverse;
    }

    /** The worst of both; INCOMPLETE when either stopped early (or the reverse pass never ran). */
    public Verdict.Status overall() {
        if (reverse == null) {
            return Verdict.Status.INCOMPLETE;
        }
        return Verdict.Status.values()[Math.max(forward.overall().ordinal(), reverse.overall().ordinal())];
    }

    /** The reverse pass's verdicts, named for their direction. */
    public List<Verdict> reverseVerdicts() {
        List<Verdict> out = new ArrayList<>();
        if (reverse != null) {
            reverse.verdicts().forEach(v -> out.add(new Verdict(v.name() + REVERSE, v.status(), v.reasons())));
        }
        return out;
    }

    /** "one stream with 3 x BDP buffers: 812.4 Mbit/s primary to standby, 402.1 standby to primary (0.49 x)". */
    public String asymmetry() {
        double f = forward.measured().tunedBps();
        double r = reverse == null ? Double.NaN : reverse.measured().tunedBps();
        return String.format(Locale.ROOT, "one stream with 3 x BDP buffers: %.1f Mbit/s primary to standby, %.1f "
                + "Mbit/s standby to primary (%.2f x)", f / 1e6, r / 1e6, r / f);
    }

    /** The forward document with the reverse pass under {@code reverse}, both verdicts and the asymmetry. */
    public ObjectNode toJson() {
        ObjectNode doc = forward.toJson();
        ObjectNode s = (ObjectNode) doc.get("summary");
        s.put("overall", overall().name());
        ArrayNode verdicts = (ArrayNode) s.get("verdicts");
        reverseVerdicts().forEach(v -> verdicts.add(v.toJson()));
        if (reverse != null) {
            ObjectNode both = s.putObject("both_directions");
            QualifyResult.putNumber(both, "forward_bps", forward.measured().tunedBps());
            QualifyResult.putNumber(both, "reverse_bps", reverse.measured().tunedBps());
            QualifyResult.putNumber(both, "ratio", reverse.measured().tunedBps() / forward.measured().tunedBps());
            doc.set("reverse", reverse.toJson());
        } // else the forward document says why it stopped, and so why the reverse pass never ran
        return doc;
    }
}
