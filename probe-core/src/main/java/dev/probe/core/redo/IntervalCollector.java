package dev.probe.core.redo;

import dev.probe.core.protocol.Handshake;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Keeps every interval sample for the result document, and forwards everything to a delegate. */
final class IntervalCollector implements RunListener {
    private final List<IntervalSample> samples = Collections.synchronizedList(new ArrayList<>());
    private final RunListener delegate;

    IntervalCollector(RunListener delegate) {
        this.delegate = delegate;
    }

    @Override
    public void onReady(Handshake.Ready ready, int sndbufGranted) {
        delegate.onReady(ready, sndbufGranted);
    }

    @Override
    public void onInterval(IntervalSample sample) {
        samples.add(sample);
        delegate.onInterval(sample);
    }

    @Override
    public void onIntervalHistogram(double startSeconds, double endSeconds, org.HdrHistogram.Histogram latency) {
        delegate.onIntervalHistogram(startSeconds, endSeconds, latency);
    }

    @Override
    public void onFinished(TestResult result) {
        delegate.onFinished(result);
    }

    List<IntervalSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }
}
