package dev.probe.model;

/**
 * The paper's lossy fit as one link's: its law keeps its shape (how a stream falls with RTT and loss), scaled to
 * the link's streams and with the link's way of adding channels ({@code N^gamma} below the knee). The paper's own
 * adds channels as the lab measured ({@link Spread#CHANNEL_GAMMA}); {@code report predict --from} fits both to the
 * user's results.
 *
 * @param base     the paper's fit
 * @param logScale log of this link's per-stream rate over the paper's
 * @param gamma    the channel exponent
 * @param points   how many measured points it was fitted to (0: the paper's)
 * @param ownBand  the 90th percentile of its own errors on those points (0: the paper's)
 * @param gammaFitted whether the points had the channel counts to fit gamma (else the lab's,
 *                    {@link Spread#CHANNEL_GAMMA})
 * @param eta      the share of the link's capacity the channels reach together: measured where a result filled the
 *                 link, else the paper's Internet path's ({@link LossyFit#eta})
 */
public record LinkCurve(LossyFit base, double logScale, double gamma, int points, double ownBand,
        boolean gammaFitted, double eta) {
    /**
     * The paper's own fit as a link's: at the paper's 35 channels exactly the paper's, other counts by
     * {@link Spread#CHANNEL_GAMMA} ({@code 35 (N / 35)^gamma} times one of the paper's streams).
     */
    public static LinkCurve paper(LossyFit base) {
        return new LinkCurve(base, 0, Spread.CHANNEL_GAMMA, 0, 0, false, base.eta());
    }

    /** log of one stream's Gbit/s on this link. */
    public double logPerStream(double rttMs, double loss, int mss, String operation) {
        return base.logPerStream(rttMs, loss, mss, operation) + logScale;
    }

    /** log of what {@code channels} carry together on this link's kind of path with {@code capacity} Gbit/s. */
    public double logTotal(double rttMs, double loss, int channels, int mss, String operation, double capacity) {
        return logTotal(logPerStream(rttMs, loss, mss, operation), channels, capacity);
    }

    /** log of what {@code channels} streams of {@code logPerStream} each carry together under the link's cap. */
    public double logTotal(double logPerStream, int channels, double capacity) {
        return base.logTotal(logSum(logPerStream, channels), Math.log(eta * capacity));
    }

    /**
     * log of what {@code channels} streams carry together with no cap: {@code logPerStream} is one stream's share
     * among the paper's 35, so 35 carry 35 of them and N carry {@code 35 (N / 35)^gamma}.
     */
    public double logSum(double logPerStream, int channels) {
        double pivot = Math.log(PathModel.PAPER_CHANNELS);
        return logPerStream + pivot + gamma * (Math.log(channels) - pivot);
    }
}
