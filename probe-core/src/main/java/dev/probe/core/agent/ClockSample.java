package dev.probe.core.agent;

import java.util.Comparator;
import java.util.List;

/**
 * One NTP-style exchange with an agent: sent at {@code t0} and back at {@code t3} on the coordinator's clock,
 * received at {@code t1} and answered at {@code t2} on the agent's (microseconds). The agent's clock is ahead by
 * {@link #offsetMicros()}, known to within half the {@link #roundTripMicros()} (the time on the wire).
 */
public record ClockSample(long t0, long t1, long t2, long t3) {
    public long offsetMicros() {
        return ((t1 - t0) + (t2 - t3)) / 2;
    }

    public long roundTripMicros() {
        return Math.max(0, (t3 - t0) - (t2 - t1));
    }

    /** The sample with the shortest round trip: its offset is the best bounded. */
    public static ClockSample best(List<ClockSample> samples) {
        return samples.stream().min(Comparator.comparingLong(ClockSample::roundTripMicros)).orElseThrow();
    }
}
