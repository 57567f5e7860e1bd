package dev.probe.core.qualify;

import static dev.probe.core.qualify.QualifyConfig.MAX_REDO_RATE;
import static dev.probe.core.qualify.QualifyConfig.MIN_BUDGET;

import dev.probe.core.error.UsageException;
import dev.probe.core.nfs.NfsTarget;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import java.time.Duration;
import java.util.List;

/** {@link QualifyConfig}'s checks, one group of values each; every refusal names the flag as the user types it. */
final class QualifyChecks {
    private QualifyChecks() {
    }

    static void load(RedoLoad load, Agents rac) {
        if (!(load.peakBytesPerSecond() > 0)) {
            throw new BadParameterException("--redo-rate", "must be above 0");
        }
        if (load.peakBytesPerSecond() > MAX_REDO_RATE) {
            throw new BadParameterException(load.fromAwr() ? "--awr" : "--redo-rate", "a peak of "
                    + load.peakBytesPerSecond() + " bytes/s is above the " + (long) MAX_REDO_RATE
                    + " (100 GB/s) a link "
                    + "could be qualified for");
        }
        if (rac == null && !load.fromAwr() && load.instancePeaks().size() > 1) {
            throw new BadParameterException("--redo-rate", "one rate per instance is for --from (a RAC primary's "
                    + "nodes); give one rate here");
        }
    }

    static void steps(boolean async, boolean sync, List<Long> writeSizes, boolean affirm,
                      String standbyDir) {
        if (!async && !sync) {
            throw new BadParameterException("--mode", "must be async, sync or both");
        }
        if (writeSizes.isEmpty()) {
            throw new BadParameterException("--redo-write-size", "give at least one size");
        }
        for (long s : writeSizes) {
            if (s < 512 || s > Frames.MAX_DATA_LENGTH) {
                throw new BadParameterException("--redo-write-size", s + " bytes is out of range [512, "
                        + Frames.MAX_DATA_LENGTH + "]");
            }
        }
        if (standbyDir != null && !affirm) {
            throw new UsageException("--standby-dir times the standby's redo log writes for --affirm; give --affirm "
                    + "too");
        }
    }

    /** --standby-nfs: an export's form, with --affirm, and not beside --standby-dir. */
    static void standbyNfs(String standbyNfs, String standbyDir, boolean affirm) {
        if (standbyNfs == null) {
            return;
        }
        NfsTarget.parse(standbyNfs, "--standby-nfs");
        if (!affirm) {
            throw new UsageException("--standby-nfs times the standby's redo log writes for --affirm; give --affirm "
                    + "too");
        }
        if (standbyDir != null) {
            throw new UsageException("--standby-nfs and --standby-dir both name the standby's redo logs; give one");
        }
    }

    static void budgets(Duration commitBudget, Duration localLogWrite, double tcpEfficiency,
                        long gapBytes, Duration gapWithin, Duration budget) {
        if (commitBudget == null || commitBudget.isNegative() || commitBudget.isZero()) {
            throw new BadParameterException("--commit-budget", "must be above 0");
        }
        if (localLogWrite == null || localLogWrite.isNegative()) {
            throw new BadParameterException("--local-log-write", "must not be negative");
        }
        if (!(tcpEfficiency > 0 && tcpEfficiency <= 1)) {
            throw new BadParameterException("--tcp-efficiency", tcpEfficiency + " is out of range (0, 1]");
        }
        if (gapBytes < 0 || (gapBytes > 0) != (gapWithin != null)) {
            throw new BadParameterException("--gap", "give --gap and --gap-within together");
        }
        if (gapWithin != null && (gapWithin.isNegative() || gapWithin.isZero())) {
            throw new BadParameterException("--gap-within", "must be above 0");
        }
        if (budget == null || budget.compareTo(MIN_BUDGET) < 0) {
            throw new BadParameterException("--budget", (budget == null ? "missing" : budget.toSeconds() + " s")
                    + " is below the minimum " + MIN_BUDGET.toSeconds() + " s");
        }
    }

    /** {@code reverseBy}: the flag that makes the standby's server send ("--reverse", "--both-directions"), or null. */
    static void content(Payload payload, RedoCompression compression, String reverseBy) {
        boolean reverse = reverseBy != null;
        if (payload == null) {
            throw new BadParameterException("--payload", "is missing");
        }
        if (reverse && compression != null) {
            throw new BadParameterException("--redo-sample", "is this host's file: the standby's server, which sends "
                    + "with " + reverseBy + ", cannot send content like it");
        }
        if (reverse && payload.type() == Payload.Type.FILE) {
            throw new BadParameterException("--payload",
                    "a file is this host's: the standby's server, which sends with "
                            + reverseBy + ", cannot send it");
        }
    }

    /**
     * The reverse pass's share of a {@code --both-directions} budget: what its four stream steps weigh (two fifths
     * beside SYNC, half without); a budget that leaves either pass less than {@link QualifyConfig#MIN_BUDGET} names --budget.
     */
    static Duration reverseShare(Duration budget, boolean sync) {
        Duration reverse = budget.multipliedBy(sync ? 2 : 1).dividedBy(sync ? 5 : 2);
        if (reverse.compareTo(MIN_BUDGET) < 0 || budget.minus(reverse).compareTo(MIN_BUDGET) < 0) {
            throw new BadParameterException("--budget", budget.toSeconds() + " s is too short for "
                    + "--both-directions: each direction needs " + MIN_BUDGET.toSeconds() + " s (give "
                    + "--budget " + MIN_BUDGET.toSeconds() * (sync ? 3 : 2) + "s or more)");
        }
        return reverse;
    }

    /** A RAC run: one rate per node. */
    static void rac(Agents nodes, RedoLoad load) {
        int rates = Math.max(1, load.instancePeaks().size());
        if (rates != nodes.from().size()) {
            throw load.fromAwr() ? new BadParameterException("--awr", load.source() + " has " + rates + " instance"
                    + (rates == 1 ? "" : "s") + ", " + nodes.flag() + " names " + nodes.from().size() + " nodes: one "
                    + "agent per instance, in instance-number order")
                    : new BadParameterException("--redo-rate", "give one rate per " + nodes.flag() + " host ("
                            + nodes.from().size() + " hosts, " + rates + " rate" + (rates == 1 ? "" : "s")
                            + "): e.g. --redo-rate 30MB/s,25MB/s");
        }
    }
}
