package dev.probe.core.bulk;

import dev.probe.core.client.Ticker;
import dev.probe.core.params.BulkParams;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import dev.probe.core.units.Rates;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A bulk run's progress, on the reporting thread: every interval it adds up the channels' counters, works out
 * the rate and the time left, reads TCP_INFO when the client is the sender (backup), and tells the listener.
 */
final class BulkReporter {
    private final List<BulkWorker> workers;
    private final BulkParams params;
    private final BulkListener listener;
    private final boolean clientSends;
    private final Ticker ticker;
    private final List<BulkProgress> samples = Collections.synchronizedList(new ArrayList<>());
    private long t0;
    private long lastNanos;
    private long lastBytes;
    private TcpInfo lastTcp;

    BulkReporter(List<BulkWorker> workers, BulkParams params, BulkListener listener, boolean clientSends) {
        this.workers = workers;
        this.params = params;
        this.listener = listener;
        this.clientSends = clientSends;
        this.ticker = new Ticker(params.interval().toNanos(), this::sample, true);
    }

    void start(long startNanos) {
        t0 = startNanos;
        lastNanos = startNanos;
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
        long delta = bytes - lastBytes;
        long dt = now - lastNanos;
        double eta = Double.NaN;
        double bytesPerSecond = (bytes) / Math.max(1e-9, (now - t0) / 1e9);
        if (params.volume() > 0 && bytesPerSecond > 0) {
            eta = (params.volume() - bytes) / bytesPerSecond;
        } else if (params.volume() == 0) {
            eta = Math.max(0, params.duration().toNanos() - (now - t0)) / 1e9;
        }
        TcpInfo tcp = clientSends ? readTcp() : null;
        BulkProgress p = new BulkProgress((now - t0) / 1e9, delta, bytes, Rates.gbps(delta, dt),
                Rates.mibPerSecond(delta, dt), pieces, params.volume() > 0 ? params.pieceCount() : -1, eta,
                tcp == null ? null : TcpStats.between(lastTcp, tcp, null));
        samples.add(p);
        listener.onProgress(p);
        lastNanos = now;
        lastBytes = bytes;
        lastTcp = tcp;
    }
}
