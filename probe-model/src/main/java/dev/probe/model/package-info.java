/**
 * The one throughput model every command predicts with: the laws, the paper's shipped fit, a link's curve, cross-
 * validated ranges.
 *
 * <p>Holds: {@code PathModel} (the paper's fit as the build shipped it, {@code ShippedFit}'s
 * {@code model-fit.properties}; {@code predict}: throughput and minutes with a range; {@code perStreamBps}: one
 * stream's loss ceiling, the fitted law within the paper's round trips and losses and Mathis's slopes beyond them),
 * {@code LinkCurve} (that fit scaled to one link: scale and channel exponent), {@code StreamLaw} (Mathis, PFTK, CUBIC,
 * two fitted regimes), {@code LossyFit} (a law with the direction factor, the cap and its soft knee; fitted by
 * {@code LeastSquares}, commons-math3's Levenberg-Marquardt, and kept by AIC).
 *
 * <p>Imports of probe: none.
 * <br>Used by: core.qualify, core.result, report.
 */
package dev.probe.model;
