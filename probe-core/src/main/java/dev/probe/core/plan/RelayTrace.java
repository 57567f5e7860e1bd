package dev.probe.core.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.qualify.LagTrace;
import dev.probe.core.tcp.TcpInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * A relayed hop as its relay reported it (the Far Sync's or cascading standby's agent, in RELAYED frames): what it
 * forwarded and held back, what the next hop acknowledged, its socket's round trip and retransmits, and the end-to-end
 * lag: the redo due since the primary sent its first message (the relay's clock plus half the first hop's round trip)
 * minus what the far site acknowledged, over the redo rate, so the relay's own delay is in it; and the far hop's own
 * lag: what the relay forwarded, or could not for the far site's full connection, that the far site has not
 * acknowledged, over the hop's rate, so redo that reached the relay late is not in it.
 */
public final class RelayTrace {
    private final PlanDemand.Hop hop;
    private final long writeSize;
    private final LagTrace lag;
    private final CatchUp.Trace delivered = new CatchUp.Trace();
    private final List<LagTrace.Point> hopLag = new ArrayList<>();
    private final List<Double> srttMs = new ArrayList<>();
    private double offsetS;
    private Relayed lastTick;
    private Relayed last;

    RelayTrace(PlanDemand.Hop hop, long writeSize) {
        this.hop = hop;
        this.writeSize = writeSize;
        this.lag = new LagTrace(hop.carriedBytesPerS() / writeSize, writeSize, false);
    }

    /** Half the first hop's round trip: how long the primary's first message took to reach the relay. */
    synchronized void firstHopRtt(double rttMs) {
        offsetS = Double.isNaN(rttMs) ? 0 : rttMs / 2000;
    }

    synchronized void add(Relayed r) {
        if (r.last()) {
            last = r;
            return;
        }
        long acked = r.tcp() == null ? 0 : r.tcp().bytesAcked();
        if (r.tcp() != null && r.tcp().rttUs() > 0) {
            srttMs.add(r.tcp().rttUs() / 1000.0);
        }
        long bytes = lastTick == null ? r.forwardedBytes() : r.forwardedBytes() - lastTick.forwardedBytes();
        long messages = lastTick == null ? r.forwardedMessages() : r.forwardedMessages() - lastTick.forwardedMessages();
        lag.add(r.micros() / 1e6 + offsetS, bytes - messages * Frames.HEADER_LENGTH, messages, acked);
        delivered.add(r.micros() / 1e6, acked * writeSize / (double) (writeSize + Frames.HEADER_LENGTH));
        long frame = writeSize + Frames.HEADER_LENGTH;
        if (acked > 0 && hop.carriedBytesPerS() > 0) {
            double unacked = r.forwardedBytes() + (double) r.behindMessages() * frame - acked;
            hopLag.add(new LagTrace.Point(r.micros() / 1e6, Math.max(0, unacked) / (hop
                    .carriedBytesPerS() * frame / writeSize)));
        }
        lastTick = r;
    }

    /** What the far site acknowledged (frame headers out) over the relay's time, for a catch-up. */
    CatchUp.Trace delivered() {
        return delivered;
    }

    /** The end-to-end lag as the run went. */
    public LagTrace lag() {
        return lag;
    }

    /** The far hop's own lag's slope, s/s: NaN where TCP_INFO was not read. */
    public synchronized double hopLagGrowth() {
        return hopLag.size() < 2 ? Double.NaN : LagTrace.growth(hopLag);
    }

    /** The far hop's own lag at the last interval, s: NaN where TCP_INFO was not read. */
    public synchronized double hopLagLast() {
        return hopLag.isEmpty() ? Double.NaN : hopLag.get(hopLag.size() - 1).lagSeconds();
    }

    /** True when the far hop's own lag was read and did not grow: it carried what reached the relay. */
    public synchronized boolean hopLagFlat() {
        return hopLag.size() >= 2 && LagTrace.flat(hopLag);
    }

    /** True once the relay reported at least one interval. */
    public synchronized boolean measured() {
        return lastTick != null;
    }

    /**
     * Bytes/s of redo the far site received: what its TCP acknowledged over the relay's time (frame headers taken
     * out), or, where TCP_INFO was not read, what its RESULT counted.
     */
    public synchronized double carriedBytesPerS() {
        if (lastTick == null) {
            return Double.NaN;
        }
        TcpInfo t = lastTick.tcp();
        if (t != null && t.bytesAcked() > 0) {
            return t.bytesAcked() * writeSize / (double) (writeSize + Frames.HEADER_LENGTH) / (lastTick.micros() / 1e6);
        }
        return last == null ? Double.NaN : last.delivered() / (last.micros() / 1e6);
    }

    /** Bytes/s the relay forwarded (frame headers out): what reached it, up to the hop's rate. */
    public synchronized double forwardedBps() {
        if (lastTick == null) {
            return Double.NaN;
        }
        double payload = lastTick.forwardedBytes() - lastTick.forwardedMessages() * (double) Frames.HEADER_LENGTH;
        return payload / (lastTick.micros() / 1e6);
    }

    /**
     * Bytes/s of redo that reached the relay from the primary (frame headers out): forwarded, held back over the
     * hop's rate, or left behind when the far site's connection was full.
     */
    public synchronized double arrivedBps() {
        if (lastTick == null) {
            return Double.NaN;
        }
        long messages = lastTick.forwardedMessages() + lastTick.heldMessages() + lastTick.behindMessages();
        return messages * (double) writeSize / (lastTick.micros() / 1e6);
    }

    /** Messages the far site's full connection could not take: it fell behind. */
    public synchronized long behind() {
        return lastTick == null ? 0 : lastTick.behindMessages();
    }

    /** Messages the relay did not forward: over the hop's rate (a SYNC hop's back-to-back writes carry more). */
    public synchronized long held() {
        return lastTick == null ? 0 : lastTick.heldMessages();
    }

    /** The relay's socket to the far site at the last interval; null where not read. */
    public synchronized TcpInfo tcp() {
        return lastTick == null ? null : lastTick.tcp();
    }

    /** Retransmitted over sent segments on the relay's socket; NaN where not read. */
    public synchronized double retransmitRatio() {
        TcpInfo t = tcp();
        return t == null || t.segsOut() == 0 ? Double.NaN : t.totalRetrans() / (double) t.segsOut();
    }

    /** The smoothed round trip of the relay's socket, ms; NaN where not read. */
    public synchronized double rttMs() {
        TcpInfo t = tcp();
        return t == null ? Double.NaN : t.rttUs() / 1000.0;
    }

    /**
     * The median of the relay socket's smoothed round trips, one per interval: the round trip the redo met over the
     * run (the one at the end can be a moment's queue: a CI run's read 70.9 ms on a 40 ms link); NaN where not read.
     */
    public synchronized double medianRttMs() {
        if (srttMs.isEmpty()) {
            return rttMs();
        }
        List<Double> sorted = srttMs.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The lowest round trip the relay's socket saw, ms; NaN where not read. */
    public synchronized double minRttMs() {
        TcpInfo t = tcp();
        return t == null || t.minRttUs() == 0 ? Double.NaN : t.minRttUs() / 1000.0;
    }

    /** The hop's figures for the result document. */
    public synchronized ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("via", hop.route().from());
        n.put("forwarded_bytes_s", orNull(forwardedBps()));
        n.put("arrived_bytes_s", orNull(arrivedBps()));
        n.put("held_messages", held());
        n.put("behind_messages", behind());
        n.put("srtt_ms", orNull(rttMs()));
        n.put("srtt_median_ms", orNull(medianRttMs()));
        n.put("min_rtt_ms", orNull(minRttMs()));
        n.put("retransmit_ratio", orNull(retransmitRatio()));
        if (last != null) {
            n.put("delivered_bytes", last.delivered());
        }
        if (hopLag.size() >= 2) {
            n.set("hop_lag", Json.object().put("growth_s_per_s", hopLagGrowth()).put("last_s", hopLagLast())
                    .put("flat", hopLagFlat()));
        }
        return n;
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
