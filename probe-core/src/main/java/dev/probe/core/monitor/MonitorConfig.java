package dev.probe.core.monitor;

import dev.probe.core.client.Target;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import java.time.Duration;
import java.util.List;

/**
 * A watch on one standby, validated once; each check names the flag as the user types it.
 *
 * @param target      the standby's probe server, or null for no schedule (the monitor then serves {@code /probe} only)
 * @param every       how often the SYNC check runs
 * @param streamEvery how often the single-stream check runs
 * @param dutyCap     the most of the wall time the stream check may load the link (0.01 = 1 %)
 * @param writeSize   the redo write size the SYNC check sends
 * @param syncLength  how long each SYNC check runs
 * @param baselines   the qualifications the checks are judged against (none: figures only)
 */
public record MonitorConfig(Target target, Duration every, Duration streamEvery, double dutyCap, long writeSize,
        Duration syncLength, List<Baseline> baselines) {

    /** The shortest schedule: a check a second. */
    public static final Duration MIN_EVERY = Duration.ofSeconds(1);
    /** The shortest SYNC check. */
    public static final Duration MIN_SYNC_LENGTH = Duration.ofMillis(200);

    public MonitorConfig {
        if (every == null || every.compareTo(MIN_EVERY) < 0) {
            throw new BadParameterException("--every", "must be at least 1s");
        }
        if (streamEvery == null || streamEvery.compareTo(MIN_EVERY) < 0) {
            throw new BadParameterException("--stream-every", "must be at least 1s");
        }
        if (!(dutyCap > 0 && dutyCap <= 0.5)) {
            throw new BadParameterException("--duty-cap", dutyCap + " is out of range (0, 0.5]");
        }
        if (writeSize < 512 || writeSize > Frames.MAX_DATA_LENGTH) {
            throw new BadParameterException("--redo-write-size", writeSize + " bytes is out of range [512, "
                    + Frames.MAX_DATA_LENGTH + "]");
        }
        if (syncLength == null || syncLength.compareTo(MIN_SYNC_LENGTH) < 0 || syncLength.compareTo(every) > 0) {
            throw new BadParameterException("--sync-length", "must be between 200ms and --every");
        }
        baselines = List.copyOf(baselines);
    }

    /** A schedule against {@code target} judged by nothing: figures only. */
    public MonitorConfig(Target target, Duration every, Duration streamEvery, double dutyCap, long writeSize,
                         Duration syncLength) {
        this(target, every, streamEvery, dutyCap, writeSize, syncLength, List.of());
    }

    /** The stream check's length: its share of {@link #streamEvery} under the duty cap, 0.5 s to 10 s. */
    public Duration streamLength() {
        long ms = Math.round(streamEvery.toMillis() * dutyCap);
        return Duration.ofMillis(Math.max(500, Math.min(10_000, ms)));
    }

    /**
     * The baseline {@code standby} ({@code host:port}) is judged by: the one qualifying that server, else, for the
     * scheduled standby, the only one given; null for none.
     */
    public Baseline baselineFor(String standby) {
        for (Baseline b : baselines) {
            if (b.standby().equals(standby)) {
                return b;
            }
        }
        boolean scheduled = target != null && standby.equals(target.hostPort());
        return scheduled && baselines.size() == 1 ? baselines.get(0) : null;
    }
}
