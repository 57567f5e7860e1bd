package dev.probe.core.redo;

import dev.probe.core.client.ProbeException;
import dev.probe.core.client.Ticker;
import dev.probe.core.params.TestParams;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import dev.probe.core.units.CpuTime;
import dev.probe.core.units.Rates;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * The reporting side of a run, on its own thread: every interval it reads the connections' counters, swaps
 * out the interval histograms and reads the sending sockets' TCP_INFO (in a reverse test the server's, from its TCP
 * frames), then tells the listener. It also marks the end of warm-up
 * (summary reset plus an in-band MARK on every connection) and fails a sync connection whose ACK is overdue.
 */
final class IntervalReporter {
    private final List<Sender> senders;
    private final RunMetrics metrics;
    private final TestParams params;
    private final RunListener listener;
    private final long timeoutNanos;
    private final Ticker ticker;
    private final String congestion;
    private long t0;
    private long lastNanos;
    private long lastBytes;
    private long lastMessages;
    private TcpInfo lastTcp;
    private Histogram latency;
    private Histogram disk;
    /** Time and TCP reading at the end of warm-up (or the start): the summary's baseline. */
    private volatile Baseline baseline;

    /** Start of the measured window: when, the counts each sender had when it wrote its MARK, TCP_INFO, CPU. */
    record Baseline(long nanos, long bytes, long messages, TcpInfo tcp, CpuTime cpu) {
    }

    IntervalReporter(List<Sender> senders, RunMetrics metrics, TestParams params, RunListener listener,
                     Duration timeout) {
        this.senders = senders;
        this.metrics = metrics;
        this.params = params;
        this.listener = listener;
        this.timeoutNanos = timeout.toNanos();
        this.ticker = new Ticker(params.interval().toNanos(), this::sample, false);
        this.congestion = TcpInfoReader.congestionControl(senders.get(0).channel()).orElse(null);
    }

    void start(long startNanos) {
        t0 = startNanos;
        lastNanos = startNanos;
        lastTcp = intervalTcp();
        baseline = new Baseline(startNanos, 0, 0, params.reverse() ? readTcp() : lastTcp, CpuTime.now());
        ticker.start(startNanos);
        ticker.every(this::watchdog, 100);
        if (!params.warmup().isZero()) {
            ticker.schedule(this::endWarmup, params.warmup().toNanos() - (System.nanoTime() - startNanos));
        }
    }

    /**
     * Stops reporting and returns the summary's baseline. The data ended at {@code dataEndNanos}; what came
     * after the last full interval is reported as a last, shorter one if it covers a tenth of an interval.
     */
    Baseline stop(long dataEndNanos) throws InterruptedException {
        ticker.stop(dataEndNanos);
        Baseline b = baseline;
        return new Baseline(b.nanos(), senders.stream().mapToLong(s -> s.counters().markBytes()).sum(),
                senders.stream().mapToLong(s -> s.counters().markMessages()).sum(), b.tcp(), b.cpu());
    }

    String congestion() {
        return congestion;
    }

    /** The sending sockets' congestion control: this end's, or the server's as it reported it in a reverse test. */
    private String sendingCongestion() {
        return senders.stream().map(Sender::sendingCongestion).filter(Objects::nonNull).findFirst()
                .orElse(congestion);
    }

    /** Aggregated TCP_INFO of all connections, or null when unavailable. */
    TcpInfo readTcp() {
        return TcpInfoReader.sum(senders.stream().map(Sender::channel).toList());
    }

    /**
     * What an interval reports of TCP: the sending sockets' TCP_INFO added up: this end's, or in a reverse test the
     * server's as its TCP frames last gave them (null until the first, and from an older server, which sends none).
     */
    private TcpInfo intervalTcp() {
        TcpInfo sum = null;
        for (Sender s : senders) {
            TcpInfo t = s.sendingTcp();
            if (t != null) {
                sum = sum == null ? t : sum.plus(t);
            }
        }
        return sum;
    }

    private void endWarmup() {
        metrics.resetSummary();
        long now = System.nanoTime();
        baseline = new Baseline(now, 0, 0, readTcp(), CpuTime.now());
        for (Sender s : senders) {
            s.channel().eventLoop().execute(() -> s.sendMark(now));
        }
    }

    /**
     * A sample read longer than this after its stamp (or a fiftieth of its interval, if longer) carries no bytes
     * acknowledged: what it read is not of its time. A fiftieth keeps a busy host's late tick (20 ms on 1 s) within
     * 2 % of the interval's acks.
     */
    static final long STALE_TCP_NANOS = 5_000_000;

    private void sample(long now) {
        long bytes = sumBytes();
        long messages = sumMessages();
        latency = metrics.intervalLatency(latency);
        disk = metrics.intervalDisk(disk);
        TcpInfo tcp = intervalTcp();
        TcpStats stats = tcp == null ? null : TcpStats.between(lastTcp, tcp, sendingCongestion());
        if (stats != null && System.nanoTime() - now > Math.max(STALE_TCP_NANOS, (now - lastNanos) / 50)) {
            // the last sample is stamped at the data's end but read later, once the send buffer has drained: its
            // bytes acknowledged would count seconds of acks in a fraction of one (a lab's 50 Mbit/s policer read 66)
            stats = stats.withoutAcked();
        }
        double start = (lastNanos - t0) / 1e9;
        double end = (now - t0) / 1e9;
        boolean warmup = (lastNanos + now) / 2 < t0 + params.warmup().toNanos();
        listener.onInterval(new IntervalSample(end, end - start, bytes - lastBytes, messages - lastMessages,
                Rates.mibPerSecond(bytes - lastBytes, now - lastNanos), LatencyStats.of(latency), LatencyStats.of(disk),
                stats, warmup));
        if (latency.getTotalCount() > 0) {
            listener.onIntervalHistogram(start, end, latency);
        }
        lastNanos = now;
        lastBytes = bytes;
        lastMessages = messages;
        lastTcp = tcp;
    }

    private void watchdog() {
        long now = System.nanoTime();
        for (Sender s : senders) {
            long since = s.counters().awaitingSince();
            if (since >= 0 && now - since > timeoutNanos) {
                s.channel().eventLoop().execute(() -> s.handler().fail(new ProbeException(ProbeException.Kind.TIMEOUT,
                        "no ACK from server within " + timeoutNanos / 1_000_000 + " ms (network timeout)")));
            }
        }
    }

    long sumBytes() {
        return senders.stream().mapToLong(s -> s.counters().bytes()).sum();
    }

    long sumMessages() {
        return senders.stream().mapToLong(s -> s.counters().messages()).sum();
    }
}
