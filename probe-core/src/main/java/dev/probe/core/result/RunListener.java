package dev.probe.core.result;

import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.Relayed;
import org.HdrHistogram.Histogram;

/** Hears a client run's progress; the console and file writers implement it. Called off the hot path. */
public interface RunListener {
    /** Hears nothing. */
    RunListener NONE = new RunListener() {
    };

    /** The server accepted the test and every connection joined. */
    default void onReady(Ready ready, int sndbufGranted) {
    }

    /** One statistics interval ended. */
    default void onInterval(IntervalSample sample) {
    }

    /** One interval's round-trip histogram (nanoseconds), for HdrHistogram interval logs. Sync mode only. */
    default void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latency) {
    }

    /** The test finished and the result is complete. */
    default void onFinished(TestResult result) {
    }

    /** A relayed test: one next hop's progress as the relay last sent it (every interval, then its final counts). */
    default void onRelayed(Relayed relayed) {
    }

    /** Fans out to several listeners. */
    static RunListener all(RunListener... listeners) {
        return new RunListener() {
            @Override
            public void onReady(Ready ready, int sndbufGranted) {
                for (RunListener l : listeners) {
                    l.onReady(ready, sndbufGranted);
                }
            }

            @Override
            public void onInterval(IntervalSample sample) {
                for (RunListener l : listeners) {
                    l.onInterval(sample);
                }
            }

            @Override
            public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latency) {
                for (RunListener l : listeners) {
                    l.onIntervalHistogram(startSeconds, endSeconds, latency);
                }
            }

            @Override
            public void onFinished(TestResult result) {
                for (RunListener l : listeners) {
                    l.onFinished(result);
                }
            }

            @Override
            public void onRelayed(Relayed relayed) {
                for (RunListener l : listeners) {
                    l.onRelayed(relayed);
                }
            }
        };
    }
}
