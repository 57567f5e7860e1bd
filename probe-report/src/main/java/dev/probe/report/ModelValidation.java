package dev.probe.report;

import dev.probe.model.LossyFit;
import dev.probe.model.StreamLaw;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * How well each {@link StreamLaw} predicts the paper's lossy cells: in sample (fitted to all of them), leave one
 * out (each measurement refitted without it, its repeats in the other MTU's table left out too) and leave one
 * operation out (the restore tables predicted from a fit to the backup ones, and back: the paper's Internet columns
 * are the same in the two tables of one operation, so leaving one table out leaves its operation out). The model
 * keeps the law {@link LossyFit#choose} picks (by AIC, on the fit alone); {@link #tips} recomputes the paper's
 * tipping points from its predictions.
 *
 * @param cells  the cells validated
 * @param laws   each law's fit to all cells and its errors
 * @param chosen the law the model keeps
 */
public record ModelValidation(List<LossyFit.Cell> cells, Map<StreamLaw, Scores> laws, StreamLaw chosen) {
    /**
     * One law's fit and its errors, per cell in {@link #cells}' order: relative ({@code |model - paper| / paper})
     * fitted, each cell left out and each operation from the other's fit; as log ratios ({@code |ln(model /
     * paper)|}, the half-width of the range that holds the cell) with each round trip and each loss rate left out.
     */
    public record Scores(LossyFit fit, double[] inSample, double[] leaveOneOut, double[] leaveOperationOut,
            double[] leaveRttOut, double[] leaveLossOut) {
    }

    /** Validates every law on {@code cells}. */
    public static ModelValidation of(List<LossyFit.Cell> cells) {
        Map<StreamLaw, Scores> laws = new EnumMap<>(StreamLaw.class);
        for (StreamLaw law : StreamLaw.values()) {
            LossyFit f = LossyFit.fit(cells, law);
            laws.put(law, new Scores(f, errors(cells, f), leaveOneOut(cells, f),
                    relative(cells, leaveOperationOut(cells, law)),
                    log(cells, leaveGroupOut(cells, f, ModelValidation::rttGroup)),
                    log(cells, leaveGroupOut(cells, f, LossyFit.Cell::loss))));
        }
        return new ModelValidation(List.copyOf(cells), laws, LossyFit.choose(cells).law());
    }

    /** The chosen law's scores. */
    public Scores best() {
        return laws.get(chosen);
    }

    /** Each cell's error as {@code fit} predicts it. */
    static double[] errors(List<LossyFit.Cell> cells, LossyFit fit) {
        return cells.stream().mapToDouble(c -> error(fit.gbps(c), c.gbps())).toArray();
    }

    /**
     * Each cell's error when {@code full}'s law is refitted without it (and its repeats), each refit started from
     * {@code full}'s constants, in parallel.
     */
    static double[] leaveOneOut(List<LossyFit.Cell> cells, LossyFit full) {
        Map<String, LossyFit> without = new ConcurrentHashMap<>();
        cells.stream().map(LossyFit.Cell::key).distinct().toList().parallelStream().forEach(key -> without.put(key,
                full.refit(cells.stream().filter(x -> !x.key().equals(key)).toList())));
        return cells.stream().mapToDouble(c -> error(without.get(c.key()).gbps(c), c.gbps())).toArray();
    }

    /**
     * Each cell's Gbit/s as predicted when {@code full}'s law is refitted without every cell of its {@code group}
     * (its round trip, its loss rate): where the fit saw nothing of the kind, as a user's path beyond the grid is.
     */
    static double[] leaveGroupOut(List<LossyFit.Cell> cells, LossyFit full, Function<LossyFit.Cell, Object> group) {
        Map<Object, LossyFit> without = new ConcurrentHashMap<>();
        cells.stream().map(group).distinct().toList().parallelStream().forEach(g -> without.put(g,
                full.refit(cells.stream().filter(x -> !group.apply(x).equals(g)).toList())));
        return cells.stream().mapToDouble(c -> without.get(group.apply(c)).gbps(c)).toArray();
    }

    /** Each cell's relative error, {@code |predicted - measured| / measured}. */
    static double[] relative(List<LossyFit.Cell> cells, double[] predicted) {
        double[] out = new double[predicted.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = error(predicted[i], cells.get(i).gbps());
        }
        return out;
    }

    /** Each cell's log error, {@code |ln(predicted / measured)|}: the half-width of the range that holds it. */
    static double[] log(List<LossyFit.Cell> cells, double[] predicted) {
        double[] out = new double[predicted.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.abs(Math.log(predicted[i] / cells.get(i).gbps()));
        }
        return out;
    }

    /** A cell's round trip as the grid names it ("<2" for the cells below it). */
    static Object rttGroup(LossyFit.Cell c) {
        return c.belowGrid() ? "<2" : c.rttMs();
    }

    /** Each cell's Gbit/s as predicted by a fit to the other operation's cells (predicted as that operation). */
    static double[] leaveOperationOut(List<LossyFit.Cell> cells, StreamLaw law) {
        Map<String, LossyFit> byHeldOut = new HashMap<>();
        double[] out = new double[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            LossyFit.Cell c = cells.get(i);
            LossyFit f = byHeldOut.computeIfAbsent(c.operation(), op -> LossyFit.fit(cells.stream()
                    .filter(x -> !x.operation().equals(op)).toList(), law));
            String trainedOn = cells.stream().map(LossyFit.Cell::operation).filter(op -> !op.equals(c.operation()))
                    .findFirst().orElse(c.operation());
            // the held-out operation's own factor is unknown: predicted as the operation the fit saw
            LossyFit.Cell asTrained = new LossyFit.Cell(c.table(), trainedOn, c.rttMs(), c.belowGrid(), c.loss(),
                    c.channels(), c.gbps());
            out[i] = f.gbps(asTrained);
        }
        return out;
    }

    static double error(double predicted, double actual) {
        return Math.abs(predicted - actual) / actual;
    }

    /** The share of {@code logErrors} a range of log half-width {@code band} holds. */
    public static double coverage(double[] logErrors, double band) {
        return Arrays.stream(logErrors).filter(e -> e <= band + 1e-12).count() / (double) Math.max(1,
                logErrors.length);
    }

    /** The median of {@code errors}. */
    public static double median(double[] errors) {
        double[] e = sorted(errors);
        int n = e.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
    }

    /** The {@code q} quantile of {@code errors} (nearest rank: the smallest error at least q of them reach). */
    public static double quantile(double[] errors, double q) {
        double[] e = sorted(errors);
        return e.length == 0 ? Double.NaN : e[Math.max(0, (int) Math.ceil(q * e.length) - 1)];
    }

    private static double[] sorted(double[] errors) {
        double[] e = errors.clone();
        Arrays.sort(e);
        return e;
    }

    /** The largest of {@code errors}. */
    public static double max(double[] errors) {
        return Arrays.stream(errors).max().orElse(Double.NaN);
    }

    /**
     * The paper's tipping points beside those of the same rows with each Internet figure replaced by the chosen
     * fit's prediction (the private link's figures as measured): [paper, predicted] per table and class.
     */
    public List<TippingPoints.Result[]> tips(PaperData data) {
        LossyFit f = best().fit();
        List<PaperRow> predicted = new ArrayList<>();
        for (PaperRow r : data.rows()) {
            Map<DeliveryClass, Double> gbps = new EnumMap<>(DeliveryClass.class);
            Map<DeliveryClass, Double> multiple = new EnumMap<>(DeliveryClass.class);
            for (DeliveryClass c : DeliveryClass.values()) {
                double t = f.gbps(ThroughputModel.cell(r, c, Double.NaN));
                gbps.put(c, t);
                multiple.put(c, r.fcGbps() / t);
            }
            predicted.add(new PaperRow(r.table(), r.operation(), r.fcMtu(), r.delayLabel(), r.delayMs(),
                    r.fcMinutes(), r.fcGbps(), gbps, multiple));
        }
        List<TippingPoints.Result> paper = TippingPoints.compute(new ArrayList<>(data.rows()));
        List<TippingPoints.Result> model = TippingPoints.compute(predicted);
        List<TippingPoints.Result[]> out = new ArrayList<>();
        for (int i = 0; i < paper.size() && i < model.size(); i++) {
            out.add(new TippingPoints.Result[] {paper.get(i), model.get(i)});
        }
        return out;
    }
}
