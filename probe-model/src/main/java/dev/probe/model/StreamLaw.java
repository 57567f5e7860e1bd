package dev.probe.model;

/**
 * The candidate laws for one TCP stream's rate on a lossy path ({@code ../shared/docs/ANCHORS.md}, "TCP throughput
 * models"), each with constants the fit sets; {@link LossyFit} fits every one and the model keeps the one that
 * predicts held-out cells best. Rates in Gbit/s, RTT in ms, loss as a fraction, MSS in bytes (every law scales
 * linearly with MSS / 1448, the paper's Internet MSS, as Mathis's does).
 */
public enum StreamLaw {
    /** Mathis et al.: {@code k x MSS / RTT / sqrt(p)}, k fitted (Mathis's own is 1.22 x 8 x 1448 bits). */
    MATHIS("Mathis: k * MSS/RTT / sqrt(p)", "k_log") {
        @Override
        double logRate(double[] x, int o, double rttMs, double p) {
            return x[o] - Math.log(rttMs) - 0.5 * Math.log(p);
        }
    },
    /** Padhye et al. (PFTK) with its retransmission-timeout term; k and the timeout T0 fitted. */
    PFTK("PFTK: k * MSS / (RTT sqrt(2p/3) + T0 min(1, 3 sqrt(3p/8)) p (1 + 32 p^2))", "k_log", "t0_s") {
        @Override
        double logRate(double[] x, int o, double rttMs, double p) {
            double rtt = rttMs / 1000;
            double t0 = x[o + 1];
            double denominator = rtt * Math.sqrt(2 * p / 3) + t0 * Math.min(1, 3 * Math.sqrt(3 * p / 8)) * p * (1
                    + 32 * p * p);
            return x[o] - Math.log(denominator);
        }
    },
    /**
     * CUBIC (RFC 9438): the larger of its Reno-friendly rate ({@code k1 x MSS / RTT / sqrt(p)}) and its own response
     * function ({@code k2 x MSS x RTT^-1/4 x p^-3/4}), k1 and k2 fitted.
     */
    CUBIC("CUBIC: max(k1 * MSS/RTT / sqrt(p), k2 * MSS * RTT^-0.25 * p^-0.75)", "k1_log", "k2_log") {
        @Override
        double logRate(double[] x, int o, double rttMs, double p) {
            double reno = x[o] - Math.log(rttMs) - 0.5 * Math.log(p);
            double cubic = x[o + 1] - 0.25 * Math.log(rttMs) - 0.75 * Math.log(p);
            return softMax(reno, cubic);
        }
    },
    /**
     * Two loss-limited regimes, each a power law of RTT and loss with its exponents fitted: the larger wins (the
     * paper's streams fall with RTT more gently at 0.1 % than at 1 %, as CUBIC's do, but by exponents of their own).
     */
    TWO_REGIMES("two regimes: max(k1 * MSS * RTT^-a1 * p^-b1, k2 * MSS * RTT^-a2 * p^-b2)", "k1_log", "a1", "b1",
            "k2_log", "a2", "b2") {
        @Override
        double logRate(double[] x, int o, double rttMs, double p) {
            double one = x[o] - x[o + 1] * Math.log(rttMs) - x[o + 2] * Math.log(p);
            double two = x[o + 3] - x[o + 4] * Math.log(rttMs) - x[o + 5] * Math.log(p);
            return softMax(one, two);
        }
    };

    /** How sharply a soft maximum or minimum turns (in log space: within a few % of the hard one at the turn). */
    static final double SHARPNESS = 20;

    private final String formula;
    private final String[] names;

    StreamLaw(String formula, String... names) {
        this.formula = formula;
        this.names = names;
    }

    /** The law's formula in words. */
    public String formula() {
        return formula;
    }

    /** Its constants' names, in the order of its part of the parameter vector. */
    public String[] names() {
        return names.clone();
    }

    int size() {
        return names.length;
    }

    /** log of one stream's Gbit/s at MSS 1448, the law's constants at {@code x[o..]}. */
    abstract double logRate(double[] x, int o, double rttMs, double p);

    /** Starting points for the law's constants, each scaled so the law meets {@code logPerStream} at 35 ms, 0.5 %. */
    double[][] starts(double logPerStream) {
        double r = 35;
        double p = 0.005;
        double[][] shapes = switch (this) {
            case MATHIS -> new double[][] {{0}};
            case PFTK -> new double[][] {{0, 0.2}, {0, 1}};
            case CUBIC -> new double[][] {{0, -1}, {0, -3}};
            case TWO_REGIMES -> new double[][] {{0, 1.1, 0.85, 0.7, 0.9, 0.65}, {0, 1, 0.8, -0.5, 0.9, 0.6},
                    {0, 1, 0.5, -1, 0.25, 0.75}};
        };
        for (double[] s : shapes) {
            double shift = logPerStream - logRate(s, 0, r, p);
            s[0] += shift;
            if (this == CUBIC || this == TWO_REGIMES) {
                s[this == CUBIC ? 1 : 3] += shift;
            }
        }
        return shapes;
    }

    /** Bounds of the law's constants (log-constants free; exponents and T0 within what TCP's laws allow). */
    double lower(int i) {
        return switch (this) {
            case PFTK -> i == 1 ? 0.01 : -50;
            case TWO_REGIMES -> i % 3 == 0 ? -50 : 0.05;
            default -> -50;
        };
    }

    double upper(int i) {
        return switch (this) {
            case PFTK -> i == 1 ? 5 : 50;
            case TWO_REGIMES -> i % 3 == 0 ? 50 : 2;
            default -> 50;
        };
    }

    static double softMax(double a, double b) {
        double m = Math.max(a, b);
        return m + Math.log(Math.exp(SHARPNESS * (a - m)) + Math.exp(SHARPNESS * (b - m))) / SHARPNESS;
    }
}
