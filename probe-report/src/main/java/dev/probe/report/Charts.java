package dev.probe.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report's charts (JFreeChart, headless): throughput, FC/Internet multiple and time-to-move against RTT, the
 * paper's private link and Internet classes as lines, the user's runs as outlined points over them, each in
 * its class's colour. Log scales, because
 * the paper's figures span two orders of magnitude. Each is written as PNG and SVG.
 */
public final class Charts {
    public static final int WIDTH = 960;
    public static final int HEIGHT = 600;
    /** Private link MTU 9000, MTU 1500, then the Internet classes High, Medium, Low: the same in every chart. */
    static final Color[] PAPER_COLORS = {new Color(0x1b5e20), new Color(0x66bb6a), new Color(0x1565c0),
            new Color(0xef6c00), new Color(0xc62828)};
    /** The Internet classes alone, in the colours they have in {@link #PAPER_COLORS}. */
    static final Color[] CLASS_COLORS = {PAPER_COLORS[2], PAPER_COLORS[3], PAPER_COLORS[4]};

    /** A class's colour (null = the loss-free private link; unknown loss is grey). */
    static Color classColor(DeliveryClass c, boolean known) {
        if (!known) {
            return Color.GRAY;
        }
        return c == null ? PAPER_COLORS[0] : CLASS_COLORS[c.ordinal()];
    }

    private Charts() {
    }

    /** A chart of paper lines plus user points; {@code lines} and {@code points} keep their insertion order. */
    static JFreeChart build(String title, String subtitle, String yLabel, Map<String, List<double[]>> lines,
                            Color[] lineColors, Map<String, List<double[]>> points, List<Color> pointColors,
                            double[] markers) {
        XYSeriesCollection data = new XYSeriesCollection();
        lines.forEach((name, pts) -> data.addSeries(series(name, pts)));
        points.forEach((name, pts) -> data.addSeries(series(name, pts)));
        JFreeChart chart = ChartFactory.createXYLineChart(title, "Round-trip time (ms, log scale)", yLabel, data,
                PlotOrientation.VERTICAL, true, false, false);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setDomainAxis(logAxis("Round-trip time (ms, log scale)"));
        plot.setRangeAxis(logAxis(yLabel));
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        int i = 0;
        for (; i < lines.size(); i++) {
            r.setSeriesPaint(i, lineColors[i % lineColors.length]);
            r.setSeriesStroke(i, new BasicStroke(2.2f));
            r.setSeriesShapesVisible(i, true);
            r.setSeriesShape(i, new Rectangle2D.Double(-2.5, -2.5, 5, 5));
        }
        for (int j = 0; j < points.size(); j++, i++) {
            r.setSeriesLinesVisible(i, false);
            r.setSeriesShapesVisible(i, true);
            r.setSeriesShape(i, new Ellipse2D.Double(-6, -6, 12, 12));
            r.setSeriesPaint(i, pointColors.get(j));
            r.setSeriesOutlinePaint(i, Color.BLACK);
            r.setUseOutlinePaint(true);
            r.setDrawOutlines(true);
        }
        plot.setRenderer(r);
        for (double m : markers) {
            ValueMarker marker = new ValueMarker(m, new Color(0x555555), new BasicStroke(1.2f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
            marker.setLabel(new DecimalFormat("0.#").format(m) + "x");
            marker.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addRangeMarker(marker);
        }
        return chart;
    }

    /**
     * Lines on linear axes (time series, percentile plots) with dashed threshold lines, each labelled: the
     * qualification's charts. Points with a non-finite value are left out.
     */
    static JFreeChart lines(String title, String subtitle, String xLabel, String yLabel,
                            Map<String, List<double[]>> lines, Map<String, Double> thresholds) {
        return lines(title, subtitle, xLabel, yLabel, lines, thresholds, null);
    }

    /** As {@link #lines(String, String, String, String, Map, Map)}, x values 0, 1, 2 ... labelled {@code xSymbols}. */
    static JFreeChart lines(String title, String subtitle, String xLabel, String yLabel,
                            Map<String, List<double[]>> lines, Map<String, Double> thresholds, String[] xSymbols) {
        XYSeriesCollection data = new XYSeriesCollection();
        lines.forEach((name, pts) -> {
            XYSeries s = new XYSeries(name, false, true);
            pts.stream().filter(p -> Double.isFinite(p[0]) && Double.isFinite(p[1])).forEach(p -> s.add(p[0], p[1]));
            data.addSeries(s);
        });
        JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL,
                true, false, false);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        if (xSymbols != null) {
            plot.setDomainAxis(new SymbolAxis(xLabel, xSymbols));
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        for (int i = 0; i < lines.size(); i++) {
            r.setSeriesPaint(i, PAPER_COLORS[(i + 2) % PAPER_COLORS.length]);
            r.setSeriesStroke(i, new BasicStroke(2.2f));
            r.setSeriesShape(i, new Rectangle2D.Double(-2.5, -2.5, 5, 5));
        }
        plot.setRenderer(r);
        thresholds.forEach((label, value) -> {
            ValueMarker marker = new ValueMarker(value, new Color(0xc62828), new BasicStroke(1.6f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
            marker.setLabel(label);
            marker.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            marker.setLabelPaint(new Color(0xc62828));
            marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addRangeMarker(marker);
        });
        if (!thresholds.isEmpty()) {
            double top = thresholds.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
            plot.getRangeAxis().setUpperBound(Math.max(plot.getRangeAxis().getUpperBound(), top * 1.15));
            plot.getRangeAxis().setLowerBound(0);
        }
        return chart;
    }

    private static XYSeries series(String name, List<double[]> pts) {
        XYSeries s = new XYSeries(name, false, true);
        for (double[] p : pts) {
            if (p[0] > 0 && p[1] > 0 && Double.isFinite(p[1])) {
                s.add(p[0], p[1]);
            }
        }
        return s;
    }

    private static LogAxis logAxis(String label) {
        LogAxis axis = new OneTwoFiveLogAxis(label);
        axis.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        return axis;
    }

    /** Writes {@code name}.png and {@code name}.svg into {@code dir}; returns the SVG element for inlining. */
    static String write(JFreeChart chart, Path dir, String name) throws IOException {
        try (OutputStream out = Files.newOutputStream(dir.resolve(name + ".png"))) {
            ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
        }
        String svg = Svg.element(chart, WIDTH, HEIGHT);
        Files.writeString(dir.resolve(name + ".svg"), Svg.document(svg), StandardCharsets.UTF_8);
        return svg;
    }
}
