package dev.probe.report;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Reads the paper's throughput at any RTT for a given operation, MTU and class, by linear interpolation. */
public final class PaperMap {
    private final List<PaperRow> rows;

    public PaperMap(List<PaperRow> rows) {
        this.rows = rows;
    }

    /** The paper's table rows for an operation and FC MTU, by delay. */
    public List<PaperRow> table(String operation, int fcMtu) {
        return rows.stream().filter(r -> r.operation().equals(operation) && r.fcMtu() == fcMtu)
                .sorted(Comparator.comparingDouble(PaperRow::delayMs)).collect(Collectors.toList());
    }

    /** Gbit/s of the class (null = the private link) at {@code rttMs}, clamped to the grid's ends. */
    public double gbps(String operation, int fcMtu, DeliveryClass c, double rttMs) {
        List<PaperRow> t = table(operation, fcMtu);
        if (t.isEmpty()) {
            return Double.NaN;
        }
        if (rttMs <= t.get(0).delayMs()) {
            return value(t.get(0), c);
        }
        for (int i = 1; i < t.size(); i++) {
            PaperRow a = t.get(i - 1);
            PaperRow b = t.get(i);
            if (rttMs <= b.delayMs()) {
                double f = (rttMs - a.delayMs()) / (b.delayMs() - a.delayMs());
                return value(a, c) + f * (value(b, c) - value(a, c));
            }
        }
        return value(t.get(t.size() - 1), c);
    }

    static double value(PaperRow r, DeliveryClass c) {
        return c == null ? r.fcGbps() : r.internet(c);
    }
}
