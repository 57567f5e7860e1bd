package dev.probe.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/** A base-10 log axis labelled at 1, 2 and 5 of each decade (minor marks at the other digits), as engineers read it. */
final class OneTwoFiveLogAxis extends LogAxis {
    private static final DecimalFormat LABEL = new DecimalFormat("#,##0.###");

    OneTwoFiveLogAxis(String label) {
        super(label);
        setBase(10);
        setSmallestValue(1e-4);
        setMinorTickMarksVisible(true);
    }

    @Override
    @SuppressWarnings("rawtypes") // JFreeChart's signature
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(TextAnchor.TOP_CENTER);
    }

    @Override
    @SuppressWarnings("rawtypes") // JFreeChart's signature
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(TextAnchor.CENTER_RIGHT);
    }

    private List<ValueTick> ticks(TextAnchor anchor) {
        Range r = getRange();
        List<ValueTick> ticks = new ArrayList<>();
        int from = (int) Math.floor(Math.log10(r.getLowerBound()));
        int to = (int) Math.ceil(Math.log10(r.getUpperBound()));
        for (int e = from; e <= to; e++) {
            for (int m = 1; m <= 9; m++) {
                double v = m * Math.pow(10, e);
                if (v < r.getLowerBound() || v > r.getUpperBound()) {
                    continue;
                }
                boolean major = m == 1 || m == 2 || m == 5;
                ticks.add(new NumberTick(major ? TickType.MAJOR : TickType.MINOR, v, major ? LABEL.format(v) : "",
                        anchor, anchor, 0.0));
            }
        }
        return ticks;
    }
}
