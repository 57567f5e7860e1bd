package dev.probe.core.bulk;

import dev.probe.core.client.Ticker;
import dev.probe.core.params.BulkParams;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.ProgressSampler;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A bulk run's progress, on the reporting thread: every interval it adds up the channels' counters, works out
 * the rate and the time left ({@link ProgressSampler}), reads TCP_INFO when the client is the sender (backup), and tells the listener.
 */
final class BulkReporter {
    private final List<BulkWorker> workers;
    private final BulkParams params;
    private final BulkListener listener;
    private final boolean clientSends;
    private final Ticker ticker;
    private final List<BulkProgress> samples = Collections.synchronizedList(new ArrayList<>());
    private ProgressSampler sampler;
    private TcpInfo lastTcp;

    BulkReporter(List<BulkWorker> workers, BulkParams params, BulkListener listener, boolean clientSends) {
        this.workers = workers;
        this.params = params;
        this.listener = listener;
        this.clientSends = clientSends;
        this.ticker = new Ticker(params.interval().toNanos(), this::sample, true);
    }

    void start(long startNanos) {
        sampler = new ProgressSampler(startNanos, params.volume(), params.duration(),
                params.volume() > 0 ? params.pieceCount() : -1);
        lastTcp = clientSends ? readTcp() : null;
        ticker.start(startNanos);
    }

    void stop(long dataEndNanos) throws InterruptedException {
        ticker.stop(dataEndNanos);
    }

    List<BulkProgress> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    TcpInfo readTcp() {
        return TcpInfoReader.sum(workers.stream().map(w -> w.channel).toList());
    }

    private void sample(long now) {
        long bytes = workers.stream().mapToLong(w -> w.counters().bytes()).sum();
        long pieces = workers.stream().mapToLong(w -> w.counters().pieces()).sum();
        TcpInfo tcp = clientSends ? readTcp() : null;
        BulkProgress p = sampler.sample(now, bytes, pieces, tcp == null ? null : TcpStats.between(lastTcp, tcp, null));
        samples.add(p);
        listener.onProgress(p);
        lastTcp = tcp;
    }
}
