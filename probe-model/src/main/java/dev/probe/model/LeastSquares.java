package dev.probe.model;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

/**
 * The model's fits: Levenberg-Marquardt (Apache Commons Math) on residuals whose Jacobian is taken by forward
 * differences, each step's parameters held within their bounds.
 */
public final class LeastSquares {
    private LeastSquares() {
    }

    /** Minimizes the squares of {@code residuals(x)} ({@code n} of them) from {@code start}, {@code bound} holding x. */
    public static LeastSquaresOptimizer.Optimum minimize(double[] start, int n, Function<double[], double[]> residuals,
                                                         UnaryOperator<double[]> bound) {
        return new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder().start(start).target(new double[n])
                .maxEvaluations(100_000).maxIterations(10_000)
                .parameterValidator(v -> new ArrayRealVector(bound.apply(v.toArray()), false))
                .model(point -> {
                    double[] p = point.toArray();
                    double[] r = residuals.apply(p);
                    double[][] j = new double[n][p.length];
                    for (int k = 0; k < p.length; k++) {
                        double[] q = p.clone();
                        double h = 1e-6 * Math.max(1, Math.abs(p[k]));
                        q[k] += h;
                        double[] rq = residuals.apply(q);
                        for (int i = 0; i < n; i++) {
                            j[i][k] = (rq[i] - r[i]) / h;
                        }
                    }
                    return new Pair<RealVector, RealMatrix>(new ArrayRealVector(r, false),
                            new Array2DRowRealMatrix(j, false));
                }).build());
    }
}
