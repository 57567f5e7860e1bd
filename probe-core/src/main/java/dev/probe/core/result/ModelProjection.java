package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.model.PathModel;

/**
 * What probe's one model ({@code report predict}'s) gives for the path a bulk run met: the paper's streams at the
 * round trip and retransmit ratio its sender measured, as many channels as moved data, no cap (the run does not know
 * the link's capacity), so a DBA sees the measurement and the model side by side, each with its range.
 *
 * @param rttMs      the path's round trip (the sender's lowest, without its own queue)
 * @param lossPct    the sender's retransmitted segments, per cent
 * @param channels   the channels that moved data
 * @param operation  backup or restore
 * @param prediction the model's
 * @param queued     whether the run's sender saw a standing queue (its path's capacity held it, not the loss)
 */
public record ModelProjection(double rttMs, double lossPct, int channels, String operation,
        PathModel.Prediction prediction, boolean queued) {

    /** A capacity no link has: the model's prediction without the cap. */
    static final double UNCAPPED_GBPS = 1e6;
    private static final PathModel MODEL = PathModel.paper();

    /**
     * The model for {@code tcp}'s path, or null where it has nothing to say: no TCP figures, no retransmits (a
     * loss-free path's model needs the link's capacity), or a round trip below a tenth of a millisecond. Uncapped,
     * unless the run built a queue: then it filled its path, and {@code measuredGbps} is the line it found, which no
     * figure of the model may beat.
     */
    public static ModelProjection of(TcpStats tcp, int channels, String operation, long dbSize, double measuredGbps) {
        if (tcp == null || !(tcp.retransmitRatio() > 0) || tcp.retransmitRatio() >= 1 || channels < 1 || dbSize <= 0) {
            return null;
        }
        double rtt = tcp.minRttMs() > 0 ? tcp.minRttMs() : tcp.rttMs();
        if (!(rtt >= 0.1)) {
            return null;
        }
        double loss = 100 * tcp.retransmitRatio();
        int mss = (int) Math.max(88, tcp.mss() > 0 ? tcp.mss() : PathModel.PAPER_MSS);
        boolean queued = Boolean.TRUE.equals(tcp.queued());
        double line = queued && measuredGbps > 0 ? measuredGbps : UNCAPPED_GBPS;
        return new ModelProjection(rtt, loss, channels, operation,
                MODEL.predict(rtt, loss, channels, mss, line, dbSize, operation), queued);
    }

    /**
     * The one "x the paper's" figure: what the run's streams carried over what the paper's would on its path, from
     * {@code steadyGbps} (the steady window's throughput, not the start-up burst's); NaN when the run built a queue
     * (its path's capacity, not its loss, held it: no comparison with the paper's loss-limited streams).
     */
    public double streamsOverPapers(double steadyGbps) {
        return queued || !(steadyGbps > 0) ? Double.NaN : steadyGbps / prediction.throughputGbps();
    }

    /** Whether the path lies within the round trips and losses the paper measured. */
    public boolean fitted() {
        return MODEL.fitted(rttMs, lossPct / 100);
    }

    public ObjectNode toJson(ObjectNode n) {
        n.put("rtt_ms", rttMs);
        n.put("loss_pct", lossPct);
        n.put("channels", channels);
        n.put("operation", operation);
        n.put("throughput_gbps", prediction.throughputGbps());
        n.put("minutes", prediction.minutes());
        n.put("minutes_low", prediction.minutesLow());
        n.put("minutes_high", prediction.minutesHigh());
        n.put("band", prediction.band());
        n.put("regime", prediction.regime());
        n.put("within_fitted_range", fitted());
        n.put("queued", queued);
        n.put("basis", "report predict's model of the paper's streams at this run's round trip and retransmit ratio, "
                + "uncapped");
        return n;
    }
}
