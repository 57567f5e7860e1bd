package dev.probe.report;

import dev.probe.model.LossyFit;
import dev.probe.model.PathModel;
import dev.probe.model.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The model's ranges ({@link Spread}) from cross-validation on the paper's tables: each round trip, each loss rate
 * and each operation predicted by a fit that never saw it, and the private link's column by round trip. The per-decade
 * widening comes from the grid's edges (the lowest and highest round trip, 0.1 % and 1 % loss): what a fit lost when
 * it had to extrapolate to them, over how far it extrapolated.
 */
final class SpreadFit {
    private SpreadFit() {
    }

    /** The spread of {@code full} (fitted to {@code cells}) and of the loss-free fit on {@code rows}. */
    static Spread of(List<LossyFit.Cell> cells, LossyFit full, List<PaperRow> rows) {
        double[] rttOut = ModelValidation.leaveGroupOut(cells, full, ModelValidation::rttGroup);
        double[] lossOut = ModelValidation.leaveGroupOut(cells, full, LossyFit.Cell::loss);
        double[] operationOut = ModelValidation.leaveOperationOut(cells, full.law());
        double q = PathModel.BAND_QUANTILE;
        return new Spread(ModelValidation.quantile(ModelValidation.log(cells, rttOut), q),
                perDecade(cells, rttOut, c -> c.belowGrid() ? full.baseRttMs() : c.rttMs()),
                ModelValidation.quantile(ModelValidation.log(cells, lossOut), q),
                perDecade(cells, lossOut, LossyFit.Cell::loss),
                ModelValidation.quantile(ModelValidation.log(cells, operationOut), q),
                ModelValidation.quantile(privateRttOut(rows), q));
    }

    /**
     * The 90th percentile, over the cells at the lowest and highest value of {@code axis}, of each one's log error
     * when its value was left out, divided by the decades from it to the nearest value the fit kept.
     */
    private static double perDecade(List<LossyFit.Cell> cells, double[] predicted,
                                    Function<LossyFit.Cell, Double> axis) {
        List<Double> values = cells.stream().map(axis).distinct().sorted().toList();
        double low = values.get(0);
        double high = values.get(values.size() - 1);
        double[] log = ModelValidation.log(cells, predicted);
        List<Double> slopes = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            double v = axis.apply(cells.get(i));
            if (v == low || v == high) {
                double nearest = v == low ? values.get(1) : values.get(values.size() - 2);
                slopes.add(log[i] / Math.abs(Math.log10(v / nearest)));
            }
        }
        return ModelValidation.quantile(slopes.stream().mapToDouble(Double::doubleValue).toArray(),
                PathModel.BAND_QUANTILE);
    }

    /** Each FC cell's log error when the loss-free fit of its MTU is refitted without its round trip. */
    static double[] privateRttOut(List<PaperRow> rows) {
        List<Double> out = new ArrayList<>();
        for (PaperRow r : rows) {
            if (Double.isNaN(r.fcGbps()) || r.fcGbps() <= 0) {
                continue;
            }
            double[] f = ThroughputModel.fitPrivate(rows.stream().filter(x -> x.delayMs() != r.delayMs()).toList(),
                    r.fcMtu());
            double predicted = 1 / (1 / f[0] + r.delayMs() / (PathModel.PAPER_CHANNELS * f[1]));
            out.add(Math.abs(Math.log(predicted / r.fcGbps())));
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
