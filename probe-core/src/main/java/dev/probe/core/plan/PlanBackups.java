package dev.probe.core.plan;

import static dev.probe.core.units.Text.fmt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.Json;
import dev.probe.core.qualify.Measured;
import dev.probe.core.qualify.Rules;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.result.TestResult;
import dev.probe.core.units.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Recovery Appliance's archived-log backups in a plan's run: in the second half of the redo phase, beside every
 * hop's redo (the appliance's real-time redo among them), the primary sends over the plan's SBT channels as fast as
 * they go, as RMAN backs up an archived log at a log switch. The verdict: one log's backup (the peak redo times the
 * log switch interval, times the ratio) at the throughput measured must end before the next switch.
 */
final class PlanBackups {
    /** A backup channel's message: a slice of a backup piece. */
    static final long PIECE_SLICE = 1 << 20;

    /**
     * One appliance's backup as it ran.
     *
     * @param backup  what the plan asks
     * @param result  the channels' test (null when none came back)
     * @param failure why it failed, or null
     */
    record Figures(PlanDemand.Backup backup, TestResult result, String failure) {
        /** Bytes/s the channels carried together; NaN when none came back. */
        double carriedBytesPerS() {
            return result == null ? Double.NaN : Measured.bps(result) / 8;
        }
    }

    private PlanBackups() {
    }

    /** The channels' test: unpaced, one connection per SBT channel, for {@code d}. */
    static TestParams params(PlanDemand.Backup b, Duration d, Payload payload) {
        return TestParams.builder(Mode.ASYNC).length(PIECE_SLICE).connections(b.plan().channels()).duration(d)
                .interval(Duration.ofSeconds(1)).payload(payload).build();
    }

    static Verdict verdict(String primary, Figures f) {
        PlanDemand.Backup b = f.backup();
        String name = "backups " + primary + " -> " + b.site();
        double every = b.plan().logSwitch().toNanos() / 1e9;
        double carried = f.carriedBytesPerS();
        if (f.result() == null || !(carried > 0)) {
            return new Verdict(name, Verdict.Status.INCOMPLETE, List.of(f.failure() == null ? PlanVerdicts.NOT_MEASURED
                    : f.failure()));
        }
        double seconds = b.backupBytes() / carried;
        boolean keeps = seconds <= every;
        List<String> reasons = new ArrayList<>();
        reasons.add(keeps
                ? fmt("one archived log's backup takes %s, %.0f %% of the %s between log switches", Durations
                        .readable(seconds), 100 * seconds / every, Durations.readable(every))
                : fmt("backups fall behind: one archived log's backup takes %s, longer than the %s between log "
                        + "switches", Durations.readable(seconds), Durations.readable(every)));
        reasons.add(fmt("each switch leaves %.2f GB of archived log (the peak redo x %s), %.2f GB to send, %s",
                b.logBytes() / 1e9, Durations.readable(every), b.backupBytes() / 1e9, b.ratioWords()));
        reasons.add(fmt("%d SBT channel%s carried %.1f MB/s together beside every hop's redo (the appliance's "
                + "real-time redo among them: its verdict covers the half the backup ran in)",
                b.plan().channels(), b.plan().channels() == 1 ? "" : "s", carried / 1e6));
        if (!keeps) {
            reasons.add("more SBT channels (Oracle advises 2-4), a better backup compression, or a faster link to "
                    + "the appliance");
        }
        if (f.failure() != null) {
            reasons.add("the backup's test ended early: " + f.failure());
        }
        Verdict.Status status = f.failure() != null ? Verdict.Status.INCOMPLETE
                : Rules.holds(keeps);
        return new Verdict(name, status, reasons);
    }

    static ObjectNode toJson(Figures f) {
        PlanDemand.Backup b = f.backup();
        ObjectNode n = Json.object().put("site", b.site())
                .put("log_switch_s", b.plan().logSwitch().toNanos() / 1e9).put("channels", b.plan().channels())
                .put("log_bytes", b.logBytes()).put("backup_bytes", b.backupBytes());
        double carried = f.carriedBytesPerS();
        n.put("carried_bytes_s", Double.isNaN(carried) ? null : carried);
        n.put("backup_s", carried > 0 ? b.backupBytes() / carried : null);
        if (f.failure() != null) {
            n.put("failure", f.failure());
        }
        return n;
    }
}
