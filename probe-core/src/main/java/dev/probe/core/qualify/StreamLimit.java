package dev.probe.core.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.agent.HostSummary;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.TcpStats;
import dev.probe.model.PathModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Why one TCP stream carries what it does: the two ceilings a single stream meets, and which one it sits under.
 * Loss: one stream's rate at the round trip and the measured retransmit ratio (the share of segments sent again: a
 * proxy for the loss the stream saw) as probe's one throughput model gives it ({@link PathModel#perStreamBps}, the
 * paper's streams: the same model {@code report predict}, bulk's projections and the lab's calibration use), not
 * Mathis's per-packet formula, which the measured paths do not meet (the paper's streams and the lab's carry 1.3-2.5
 * times it). Buffers: the window the granted socket buffers allow, {@code window x 8 / RTT}. A stream near the lower
 * ceiling is limited by it; more buffer does nothing for a loss-limited stream, which is what a DBA must hear before
 * raising sysctls.
 *
 * <p>How one drop falls moves a stream around that figure: a path that drops one packet at a time (netem on a host
 * without offloads) gives 0.4-0.7 times the paper's streams, the lab's drops of up to three segments 1.6 times. The
 * band in which a stream counts as loss-limited ({@link #BELOW} to {@link #ABOVE} times the figure) spans both, so the
 * diagnosis of one link does not flip between runs with how the drops happened to fall. The rate judged is the
 * step's steady part ({@link Measured#steadyBps}).
 *
 * @param measuredBps  the stream's goodput
 * @param rttMs        the round trip (step 1's p50)
 * @param lossRatio    retransmitted / sent segments (NaN: not measured)
 * @param mss          the stream's MSS in bytes
 * @param windowBytes  the window the granted buffers allow
 * @param ceilingBps   the loss ceiling, the model's (infinite without loss, NaN unmeasured)
 * @param bufferBps    the buffer ceiling
 * @param limit        what limits the stream
 * @param sender       the kernel's account of what held the sender back (null or unknown where not read)
 */
public record StreamLimit(double measuredBps, double rttMs, double lossRatio, long mss, long windowBytes,
        double ceilingBps, double bufferBps, Limit limit, TcpStats.Limited sender) {
    /** What a single stream sits under. */
    public enum Limit {
        /** the loss ceiling is the lower one, and the stream is near it */
        LOSS,
        /** the buffer ceiling is the lower one, and the stream is near it */
        BUFFERS,
        /** neither ceiling explains it (the link's rate, a queue, the hosts' CPU) */
        PATH
    }

    /** Mathis et al.'s constant, sqrt(3/2). */
    static final double MATHIS_C = Math.sqrt(1.5);
    /** A stream within this factor below the buffer ceiling is taken as limited by it. */
    static final double NEAR = 0.5;
    /** A stream from this share of the loss ceiling (half of what per-packet drops leave, 0.4-0.7) is held by it. */
    static final double BELOW = 0.25;
    /** A stream up to this many times the loss ceiling is held by it (the lab's three-segment drops give 1.6; BBR,
     *  or a stream the loss does not bind, runs further above). */
    static final double ABOVE = 2;
    /** The model every command predicts with. */
    private static final PathModel MODEL = PathModel.paper();

    /**
     * The diagnosis of a stream that carried {@code measuredBps} at {@code rttMs} with {@code lossRatio} of its
     * segments retransmitted, segments of {@code mss} bytes, and a granted window of {@code windowBytes}.
     */
    /**
     * Why one agent's stream (a RAC node's) carried {@code carriedBytesPerS}: its loss (what its agent's TCP
     * retransmitted) against {@code windowBytes} at {@code rttMs}, the round trip measured from its node (else its
     * TCP's); the reasons a single host's stream gets, empty when no round trip is known.
     */
    public static List<String> ofNode(double carriedBytesPerS, double rttMs, HostSummary h,
                                      long windowBytes) {
        double rtt = rttMs > 0 ? rttMs : h.tcpRttMs();
        if (!(rtt > 0)) {
            return List.of();
        }
        double loss = h.retransmits() >= 0 && h.segmentsSent() > 0 ? (double) h.retransmits() / h.segmentsSent()
                : Double.NaN;
        return of(carriedBytesPerS * 8, rtt, loss, Rules.DEFAULT_MSS, windowBytes).reasons(List.of(), null);
    }

    public static StreamLimit of(double measuredBps, double rttMs, double lossRatio, long mss, long windowBytes) {
        double rtt = Math.max(rttMs, 0.001);
        double ceiling = Double.isNaN(lossRatio) ? Double.NaN : lossRatio <= 0 ? Double.POSITIVE_INFINITY
                : MODEL.perStreamBps(rtt, lossRatio, mss, null);
        double buffer = windowBytes * 8 / (rtt / 1000);
        Limit limit;
        if (!Double.isNaN(ceiling) && ceiling < buffer && measuredBps >= BELOW * ceiling
                && measuredBps <= ABOVE * ceiling) {
            limit = Limit.LOSS;
        } else if (buffer <= (Double.isNaN(ceiling) ? Double.POSITIVE_INFINITY : ceiling)
                && measuredBps >= NEAR * buffer) {
            limit = Limit.BUFFERS;
        } else {
            limit = Limit.PATH;
        }
        return new StreamLimit(measuredBps, rttMs, lossRatio, mss, windowBytes, ceiling, buffer, limit, null);
    }

    /** Mathis et al.'s per-packet figure for this stream's loss and round trip, bit/s (for comparison). */
    public double mathisBps() {
        return mss * 8 / (Math.max(rttMs, 0.001) / 1000) * MATHIS_C / Math.sqrt(lossRatio);
    }

    /**
     * This diagnosis beside what several streams together carried ({@code capacityBps}). One stream that already
     * carries about their sum fills what the path carries: neither its loss nor its buffers hold it back. Streams
     * that add up ({@link #ADD_UP} times one or more) meet a ceiling of each stream's own: with loss measured and the
     * buffers far from binding, that ceiling is the loss, however far above the model's figure the one stream ran
     * (the segments a drop takes, and so the loss events a ratio stands for, vary from path to path and run to run).
     */
    public StreamLimit given(double capacityBps) {
        return given(capacityBps, null);
    }

    /**
     * {@link #given(double)}, with whether the one stream built a queue on the path ({@code queued}, from its
     * TCP_INFO: {@link #queued}; null when not read). A stream that fills the path sits in the bottleneck's queue; a
     * stream the loss explains that built no queue is not called path-limited because several streams' short step
     * happened to carry no more than it (on the lab's 40 ms, 0.1 % link four streams once carried 31.8 Mbit/s beside
     * one stream's 33.4, where four other runs carried 59-131).
     */
    public StreamLimit given(double capacityBps, Boolean queued) {
        boolean lossExplains = limit == Limit.LOSS && Boolean.FALSE.equals(queued);
        if (capacityBps > 0 && measuredBps >= FULL * capacityBps && !lossExplains) {
            return new StreamLimit(measuredBps, rttMs, lossRatio, mss, windowBytes, ceilingBps, bufferBps, Limit.PATH,
                    sender);
        }
        boolean addUp = capacityBps >= ADD_UP * measuredBps && measuredBps > 0;
        if (limit == Limit.PATH && addUp && lossRatio > 0 && measuredBps < NEAR * bufferBps) {
            return new StreamLimit(measuredBps, rttMs, lossRatio, mss, windowBytes, ceilingBps, bufferBps, Limit.LOSS,
                    sender);
        }
        return this;
    }

    /**
     * Whether a stream's smoothed round trip at its end stood above its lowest by more than
     * {@link TcpStats#QUEUE_SHARE} of it (and a millisecond): the queue a stream that fills its path builds. Null when
     * TCP_INFO was not read.
     */
    public static Boolean queued(TcpStats tcp) {
        return tcp == null ? null : tcp.queued();
    }

    /**
     * The {@code kind} step's stream's TCP_INFO ({@link Measured#tcp}, read at its end) with its smoothed round trip
     * replaced by the median over the step's intervals, where this end sent (not {@code reverse}: then the server sent
     * and its intervals are not here): a queue the stream builds holds through the step, a busy host's delay comes and
     * goes (a CI run's policed 10 ms lab link ended at 12.8 ms, over the 2.5 ms a queue must add, beside three other
     * labs). As it was with fewer than {@link #STEADY_INTERVALS} intervals read; null without TCP_INFO.
     */
    static TcpStats steady(Measured m, StepPlan.Kind kind, boolean reverse) {
        TcpStats tcp = m.tcp(kind);
        return tcp == null || reverse ? tcp
                : steady(tcp, m.steps().stream().filter(s -> s.step().kind() == kind).findFirst()
                        .map(s -> s.result().intervals()).orElse(List.of()));
    }

    /** {@code tcp} with the median smoothed round trip of {@code intervals} (past the warm-up), when enough. */
    static TcpStats steady(TcpStats tcp, List<IntervalSample> intervals) {
        double[] rtts = intervals.stream().filter(i -> !i.warmup() && i.tcp() != null && i.tcp().rttMs() > 0)
                .mapToDouble(i -> i.tcp().rttMs()).sorted().toArray();
        int n = rtts.length;
        return n < STEADY_INTERVALS ? tcp : tcp.withRtt(n % 2 == 1 ? rtts[n / 2] : (rtts[n / 2 - 1] + rtts[n / 2]) / 2);
    }

    /** Intervals with a round trip read that {@link #steady} takes a median of. */
    static final int STEADY_INTERVALS = 3;

    /** Several streams that carry this many times one stream add up: each meets a ceiling of its own. */
    static final double ADD_UP = 2;

    /**
     * A single stream at this share of several streams' sum fills the path (both read on their steps' steady halves:
     * a stream on a 40 Mbit/s cap kept 35 of the 40 four streams carried, while loss-limited streams carry a quarter
     * each; beside four streams' whole-step mean, which held their start-up burst above the cap, the same stream was
     * once taken for loss-limited).
     */
    static final double FULL = 0.8;

    /** This diagnosis with the sender's chronograph shares from TCP_INFO (Linux 4.9+). */
    public StreamLimit withSender(TcpStats.Limited limited) {
        return new StreamLimit(measuredBps, rttMs, lossRatio, mss, windowBytes, ceilingBps, bufferBps, limit, limited);
    }

    /** A share of the busy time above which a window or buffer is named as what held the stream back. */
    static final double MOSTLY = 0.5;

    /** The verdict's lines: what limits the stream, on which figures, and what would help. */
    public List<String> reasons(List<String> congestionControls, String congestion) {
        List<String> out = new ArrayList<>();
        String loss = Double.isNaN(lossRatio) ? "retransmits not measured: no TCP_INFO here"
                : fmt("%.3f %% of segments retransmitted", 100 * lossRatio);
        switch (limit) {
            case LOSS -> {
                out.add(fmt("loss-limited: %s at %s allow about %.1f Mbit/s per stream (probe's model of the paper's "
                        + "paths%s, MSS %d; Mathis's per-packet formula says %.1f)%s; the buffers would allow %s, so "
                        + "more buffer does not help", loss, ms(rttMs), ceilingBps / 1e6,
                        MODEL.fitted(rttMs, lossRatio) ? ""
                                : ", beyond their losses and round trips on Mathis's slopes",
                        mss, mathisBps() / 1e6, measuredBps > ceilingBps ? fmt(", more where drops come in bursts "
                                + "(this stream carried %.1f Mbit/s, and more streams carry more: the ceiling is each "
                                + "stream's own)", measuredBps / 1e6) : "", rate(bufferBps)));
                boolean bbr = congestionControls.contains("bbr");
                out.add("what would help: fix the loss; " + (bbr ? "BBR, which this kernel offers"
                        + ("bbr".equals(congestion) ? " and this stream used"
                                : " (sysctl net.ipv4.tcp_congestion_control"
                                        + " = bbr on both hosts)")
                        : "a loss-tolerant congestion control such as BBR where the OS has it")
                        + "; redo compression (qualify --redo-sample sizes it); for SYNC, Far Sync near the primary");
            }
            case BUFFERS -> out.add(fmt("buffer-limited: the granted window of %d bytes allows %s at %s; "
                    + "loss would allow %s (%s); raise the buffers (sqlnet.ora and the sysctls below)", windowBytes,
                    rate(bufferBps), ms(rttMs), Double.isInfinite(ceilingBps) ? "any rate" : rate(ceilingBps), loss));
            default -> out.add(fmt("neither loss (%s) nor the buffers (%s) explain %.1f Mbit/s: the "
                    + "link's own rate, a queue on the path or the hosts' CPU limit it", Double.isNaN(ceilingBps) ? loss
                            : Double.isInfinite(ceilingBps) ? "none retransmitted" : loss + ": " + about(ceilingBps),
                    about(bufferBps), measuredBps / 1e6));
        }
        if (sender != null && sender.known()) {
            out.add("TCP_INFO: the sender was limited by the " + sender.describe() + (limit == Limit.BUFFERS ? ""
                    : " (what bounded the data in flight; a queue on the path filled by the window keeps the rate "
                            + "at the link's)"));
            if (limit != Limit.BUFFERS) {
                return out;
            }
            if (sender.receiveWindow() > MOSTLY) {
                out.add(fmt("receive-window limited %.0f %% of the time: raise the receiving host's RECV_BUF_SIZE, "
                        + "net.core.rmem_max and net.ipv4.tcp_rmem's max (the standby's; the primary's with "
                        + "--reverse)", 100 * sender.receiveWindow()));
            } else if (sender.sendBuffer() > MOSTLY) {
                out.add(fmt("send-buffer limited %.0f %% of the time: raise the sending host's SEND_BUF_SIZE, "
                        + "net.core.wmem_max and net.ipv4.tcp_wmem's max (the primary's; the standby's with "
                        + "--reverse)", 100 * sender.sendBuffer()));
            }
        }
        return out;
    }

    /**
     * A model's rate as printed, "568.6 Mbit/s"; "over 100 Gbit/s" beyond that: a window or a loss ceiling over a
     * loopback's round trip of 0.05 ms gives figures no path carries, which read as a measurement.
     */
    private static String rate(double bps) {
        return bps <= SHOWN_MAX_BPS ? fmt("%.1f Mbit/s", bps / 1e6) : Double.isNaN(bps) ? "an unknown rate"
                : fmt("over %.0f Gbit/s", SHOWN_MAX_BPS / 1e9);
    }

    /** {@link #rate}, "about" a figure it prints as a number. */
    private static String about(double bps) {
        return (bps <= SHOWN_MAX_BPS ? "about " : "") + rate(bps);
    }

    /** The highest model rate printed as a number. */
    private static final double SHOWN_MAX_BPS = 100e9;

    /** "40.0 ms", and "0.035 ms" below a millisecond (a LAN's or loopback's round trip read "0.0 ms"). */
    private static String ms(double rttMs) {
        return fmt(rttMs < 1 ? "%.3f ms" : "%.1f ms", rttMs);
    }

}
