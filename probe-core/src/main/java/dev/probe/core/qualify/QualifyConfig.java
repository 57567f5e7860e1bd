package dev.probe.core.qualify;

import dev.probe.core.client.Target;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import java.time.Duration;
import java.util.List;

/**
 * A Data Guard qualification, validated once; each check names the flag as the user types it.
 *
 * @param target         the standby's probe server
 * @param load           the peak redo rate to size for (and the AWR intervals, when given; with {@code rac}, each
 *                       instance's own peak)
 * @param async          qualify ASYNC transport (steps 1-5)
 * @param sync           qualify SYNC transport (steps 1 and 6)
 * @param writeSizes     redo write sizes for the paced and SYNC steps
 * @param affirm         SYNC also with the standby's forced write (AFFIRM) beside FASTSYNC
 * @param commitBudget   the commit time SYNC may add
 * @param localLogWrite  the primary's own log write, which runs beside the remote one (0 = not given)
 * @param tcpEfficiency  F in required bandwidth = peak / F x 8
 * @param gapBytes       a gap to resolve (0 = none) within {@code gapWithin}
 * @param budget         wall time for all steps
 * @param payload        what every step sends (random unless the user chose otherwise)
 * @param compression    a redo sample's measured compression ({@code --redo-sample}), or null: the paced redo
 *                       step then sends content that compresses as the sample did
 * @param underLoad      the background load the redo steps run again under ({@code --under-load}), or null
 * @param reverse        the stream steps run standby to primary (the standby's server sends)
 * @param bothDirections the whole procedure primary to standby, then the stream steps reversed, in one budget
 * @param rac            a RAC primary's nodes ({@code --from}): one stream per instance through their agents, or null
 * @param standbyDir     with AFFIRM, the standby's redo log directory whose writes are timed afterwards, or null
 * @param standbyNfs     with AFFIRM, the NFS export ({@code SERVER:/EXPORT}) holding the standby's redo logs, its
 *                       writes timed from the standby as Direct NFS makes them, or null
 */
public record QualifyConfig(Target target, RedoLoad load, boolean async, boolean sync, List<Long> writeSizes,
        boolean affirm, Duration commitBudget, Duration localLogWrite, double tcpEfficiency,
        long gapBytes, Duration gapWithin, Duration budget, Payload payload,
        RedoCompression compression, UnderLoad underLoad, boolean reverse, boolean bothDirections,
        Agents rac, String standbyDir, String standbyNfs) {

    /** The highest redo rate qualified: 100 GB/s, far past any database's (and any link's). */
    public static final double MAX_REDO_RATE = 1e11;
    /** The smallest budget that leaves each step a second or more. */
    public static final Duration MIN_BUDGET = Duration.ofSeconds(15);

    public QualifyConfig {
        if (target == null || load == null) {
            throw new BadParameterException("qualify", "a target and a redo rate are required");
        }
        writeSizes = List.copyOf(writeSizes);
        QualifyChecks.load(load, rac);
        QualifyChecks.steps(async, sync, writeSizes, affirm, standbyDir);
        QualifyChecks.standbyNfs(standbyNfs, standbyDir, affirm);
        QualifyChecks.budgets(commitBudget, localLogWrite, tcpEfficiency, gapBytes, gapWithin, budget);
        QualifyChecks.content(payload, compression, reverse ? "--reverse" : bothDirections ? "--both-directions"
                : null);
        if (bothDirections) {
            QualifyChecks.reverseShare(budget, sync);
        }
        if (rac != null) {
            QualifyChecks.rac(rac, load);
        }
    }

    /** A qualification of {@code target} for {@code load} with {@code probe qualify}'s defaults; set the rest by name. */
    public static Builder builder(Target target, RedoLoad load) {
        return new Builder(target, load);
    }

    /** This qualification's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(target, load).modes(async, sync).writeSizes(writeSizes).affirm(affirm)
                .commitBudget(commitBudget, localLogWrite).tcpEfficiency(tcpEfficiency).gap(gapBytes, gapWithin)
                .budget(budget).payload(payload).compression(compression).underLoad(underLoad).reverse(reverse)
                .bothDirections(bothDirections).rac(rac).standbyDir(standbyDir).standbyNfs(standbyNfs);
    }

    /** True when the standby's redo log writes are timed afterwards (--standby-dir or --standby-nfs). */
    public boolean timesStandbyDisk() {
        return standbyDir != null || standbyNfs != null;
    }

    /** The same qualification with the redo steps run again under {@code load}. */
    public QualifyConfig withLoad(UnderLoad background) {
        return toBuilder().underLoad(background).build();
    }

    /**
     * {@code --both-directions}' two passes: this qualification primary to standby, then its stream steps the other
     * way (the standby's server sends), each within its share of the budget.
     */
    List<QualifyConfig> passes() {
        Duration reverseShare = QualifyChecks.reverseShare(budget, sync);
        Builder one = toBuilder().bothDirections(false).standbyDir(null).standbyNfs(null);
        return List.of(one.budget(budget.minus(reverseShare)).build(),
                one.modes(true, false).budget(reverseShare).reverse(true).build());
    }

    /** Each RAC instance's peak redo rate in bytes/s, instance i on {@link #rac}'s node i. */
    public List<Double> instanceRates() {
        return load.instancePeaks().isEmpty() ? List.of(load.peakBytesPerSecond())
                : List.copyOf(load.instancePeaks().values());
    }

    /** What the paced redo step sends: content that compresses as the redo sample did, else {@link #payload}. */
    public Payload redoPayload() {
        return compression == null ? payload : compression.payload();
    }

    /** Required bandwidth in bit/s. */
    public double requiredBitsPerS() {
        return Sizing.requiredBitsPerSecond(load.peakBytesPerSecond(), tcpEfficiency);
    }

    /** A qualification's values by name, from {@code probe qualify}'s defaults; {@link #build} checks the whole. */
    public static final class Builder {
        private final Target target;
        private final RedoLoad load;
        private boolean async = true;
        private boolean sync = true;
        private List<Long> writeSizes = List.of(32L * 1024);
        private boolean affirm;
        private Duration commitBudget = Duration.ofMillis(2);
        private Duration localLogWrite = Duration.ZERO;
        private double tcpEfficiency = Sizing.DEFAULT_TCP_EFFICIENCY;
        private long gapBytes;
        private Duration gapWithin;
        private Duration budget = Duration.ofMinutes(3);
        private Payload payload = Payload.RANDOM;
        private RedoCompression compression;
        private UnderLoad underLoad;
        private boolean reverse;
        private boolean bothDirections;
        private Agents rac;
        private String standbyDir;
        private String standbyNfs;

        private Builder(Target target, RedoLoad load) {
            this.target = target;
            this.load = load;
        }

        /** Which verdicts: ASYNC (the stream steps), SYNC (the round trips per write size), or both. */
        public Builder modes(boolean asyncSteps, boolean syncSteps) {
            this.async = asyncSteps;
            this.sync = syncSteps;
            return this;
        }

        public Builder writeSizes(List<Long> sizes) {
            this.writeSizes = sizes;
            return this;
        }

        /** The standby writes each SYNC message before its ACK (AFFIRM), beside the FASTSYNC run. */
        public Builder affirm(boolean forced) {
            this.affirm = forced;
            return this;
        }

        /** What SYNC may add to a commit, and the primary's own log write (left out of the round trip). */
        public Builder commitBudget(Duration added, Duration ownLogWrite) {
            this.commitBudget = added;
            this.localLogWrite = ownLogWrite;
            return this;
        }

        public Builder tcpEfficiency(double share) {
            this.tcpEfficiency = share;
            return this;
        }

        /** A redo gap of {@code bytes} to be resolved {@code within} (0 and null: none). */
        public Builder gap(long bytes, Duration within) {
            this.gapBytes = bytes;
            this.gapWithin = within;
            return this;
        }

        public Builder budget(Duration total) {
            this.budget = total;
            return this;
        }

        public Builder payload(Payload content) {
            this.payload = content;
            return this;
        }

        /** How the redo sample compressed (--redo-sample), or null. */
        public Builder compression(RedoCompression measured) {
            this.compression = measured;
            return this;
        }

        /** The background load the redo steps run again under (--under-load), or null. */
        public Builder underLoad(UnderLoad background) {
            this.underLoad = background;
            return this;
        }

        /** The standby's server sends (the other direction). */
        public Builder reverse(boolean serverSends) {
            this.reverse = serverSends;
            return this;
        }

        /** The whole procedure primary to standby, then the stream steps reversed, within one budget. */
        public Builder bothDirections(boolean both) {
            this.bothDirections = both;
            return this;
        }

        /** A RAC primary's nodes (--from), instance i on node i; null for one primary host. */
        public Builder rac(Agents nodes) {
            this.rac = nodes;
            return this;
        }

        /** With --affirm, the standby's redo log directory to time afterwards (--standby-dir), or null. */
        public Builder standbyDir(String dir) {
            this.standbyDir = dir;
            return this;
        }

        /** With --affirm, the NFS export of the standby's redo logs to time from the standby (--standby-nfs), or null. */
        public Builder standbyNfs(String export) {
            this.standbyNfs = export;
            return this;
        }

        /** The checked record: a {@link BadParameterException} names the flag of a value out of range. */
        public QualifyConfig build() {
            return new QualifyConfig(target, load, async, sync, writeSizes, affirm, commitBudget, localLogWrite,
                    tcpEfficiency, gapBytes, gapWithin, budget, payload, compression, underLoad, reverse,
                    bothDirections,
                    rac, standbyDir, standbyNfs);
        }
    }
}
