package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@link Qualifier} returns for every kind of run, kind {@code qualify} of {@code probe.result/1}: one link's
 * pass ({@code link}), with {@code --both-directions} the stream steps the other way ({@code reverse}), or a RAC
 * primary's instances ({@code rac}, when {@code link} is null); and the standby's redo log writes when asked.
 *
 * @param config      what was asked
 * @param link        primary to standby (standby to primary with --reverse); null for a RAC run
 * @param reverse     --both-directions: standby to primary (stream steps only); null when not asked or when the
 *                    first pass stopped early
 * @param rac         --from: each instance's stream and each node's SYNC; null otherwise
 * @param racReverse  --from with --both-directions: each instance's stream standby to primary; null when not asked
 *                    or when the first pass stopped early
 * @param standbyDisk --standby-dir: the standby's redo log writes; null when not asked or not reached
 */
public record QualifyResult(QualifyConfig config, LinkResult link, LinkResult reverse, RacResult rac,
        RacResult racReverse, StandbyDisk standbyDisk) {

    /** What the reverse verdicts' names end with. */
    public static final String REVERSE = " standby to primary";

    /** The worst verdict of every pass; INCOMPLETE when any stopped early (or the reverse pass never ran). */
    public Verdict.Status overall() {
        Verdict.Status first = rac != null ? rac.overall() : link.overall();
        if (!config.bothDirections()) {
            return first;
        }
        Verdict.Status second = rac != null ? racReverse == null ? null : racReverse.overall()
                : reverse == null ? null : reverse.overall();
        return second == null ? Verdict.Status.INCOMPLETE
                : Verdict.Status.values()[Math.max(first.ordinal(), second.ordinal())];
    }

    /** Why the run stopped early, or null. */
    public String incomplete() {
        String first = rac != null ? rac.incomplete() : link.incomplete();
        String second = rac != null ? racReverse == null ? null : racReverse.incomplete()
                : reverse == null ? null : reverse.incomplete();
        return first != null ? first : second;
    }

    /** The reverse pass's verdicts, named for their direction. */
    public List<Verdict> reverseVerdicts() {
        List<Verdict> out = new ArrayList<>();
        List<Verdict> passed = reverse != null ? reverse.verdicts() : racReverse != null ? racReverse.verdicts()
                : List.of();
        passed.forEach(v -> out.add(new Verdict(v.name() + REVERSE, v.status(), v.reasons())));
        return out;
    }

    /**
     * The pass whose settings apply to both hosts: with both directions measured, the one that needs the larger
     * buffers (one block, derived once, so console, JSON and page agree); else the link's.
     */
    public LinkResult settingsFrom() {
        return reverse != null && reverse.measured().bufferRequested() > link.measured().bufferRequested()
                ? reverse : link;
    }

    /** "one stream with 3 x BDP buffers: 812.4 Mbit/s primary to standby, 402.1 standby to primary (0.49 x)". */
    public String asymmetry() {
        double f = link.measured().tunedBps();
        double r = reverse == null ? Double.NaN : reverse.measured().tunedBps();
        String ratio = f > 0 && Double.isFinite(r) ? String.format(Locale.ROOT, "%.2f x", r / f) : "no ratio: "
                + (Double.isFinite(r) ? "primary to standby carried nothing" : "standby to primary not measured");
        return String.format(Locale.ROOT, "one stream with 3 x BDP buffers: %s primary to standby, %s standby to "
                + "primary (%s)", mbit(f), mbit(r), ratio);
    }

    private static String mbit(double bps) {
        return Double.isFinite(bps) ? String.format(Locale.ROOT, "%.1f Mbit/s", bps / 1e6) : "not measured";
    }

    /** The document: the RAC run's, or the link's with the reverse pass and the standby's disk when present. */
    public ObjectNode toJson() {
        ObjectNode doc = rac != null ? rac.toJson() : link.toJson();
        if (config.bothDirections()) {
            putReverse(doc);
        }
        if (standbyDisk != null) {
            doc.set("standby_disk", standbyDisk.toJson(config.load().peakBytesPerSecond()));
        }
        return doc;
    }

    /**
     * Both verdicts and the asymmetry in the summary, the reverse pass's document under {@code reverse}; the
     * budget the user gave in {@code params.budget_s}, each pass's share of it in {@code pass_budget_s}.
     */
    private void putReverse(ObjectNode doc) {
        wholeBudget(doc);
        ObjectNode s = (ObjectNode) doc.get("summary");
        s.put("overall", overall().name());
        ArrayNode verdicts = (ArrayNode) s.get("verdicts");
        reverseVerdicts().forEach(v -> verdicts.add(v.toJson()));
        if (reverse != null) {
            ObjectNode both = s.putObject("both_directions");
            LinkResult.putNumber(both, "forward_bps", link.measured().tunedBps());
            LinkResult.putNumber(both, "reverse_bps", reverse.measured().tunedBps());
            LinkResult.putNumber(both, "ratio", link.measured().tunedBps() > 0
                    ? reverse.measured().tunedBps() / link.measured().tunedBps() : Double.NaN);
            both.put("described", asymmetry());
            passDoc(doc, both, reverse.toJson(), settingsFrom() == reverse);
        } else if (racReverse != null) {
            ObjectNode both = s.putObject("both_directions");
            both.put("described", "each instance's stream at its own peak, standby to primary: see the verdicts "
                    + "ending '" + REVERSE.trim() + "'");
            passDoc(doc, both, racReverse.toJson(), racSettingsFromReverse());
        } // else the forward document says why it stopped, and so why the reverse pass never ran
    }

    /** The reverse pass's document under {@code reverse}; its settings in the summary when they are the larger. */
    private void passDoc(ObjectNode doc, ObjectNode both, ObjectNode reverseDoc, boolean settingsFromReverse) {
        both.put("settings_from", settingsFromReverse ? "standby_to_primary" : "primary_to_standby");
        if (settingsFromReverse) {
            ((ObjectNode) doc.get("summary")).set("settings", reverseDoc.path("summary").path("settings").deepCopy());
        }
        doc.set("reverse", wholeBudget(reverseDoc));
    }

    /** A RAC run both ways: the reverse pass's nodes need the larger buffer (one block, as for one host). */
    public boolean racSettingsFromReverse() {
        return racReverse != null && racReverse.largestBuffer() > rac.largestBuffer();
    }

    /** {@code passDoc} with the --budget the user gave in {@code budget_s} and the pass's share in {@code pass_budget_s}. */
    private ObjectNode wholeBudget(ObjectNode passDoc) {
        ObjectNode params = (ObjectNode) passDoc.get("params");
        params.put("pass_budget_s", params.path("budget_s").asLong());
        params.put("budget_s", config.budget().toSeconds());
        return passDoc;
    }
}
