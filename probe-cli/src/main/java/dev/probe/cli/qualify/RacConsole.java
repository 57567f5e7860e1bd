package dev.probe.cli.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.qualify.QualifyResult;
import dev.probe.core.qualify.RacResult;
import dev.probe.core.qualify.StepPlan;
import java.io.PrintWriter;

/** A RAC run's console: each pass's figures per node and its verdicts, then one settings block. */
final class RacConsole {
    private final PrintWriter out;
    private final QualifyConsole console;

    RacConsole(PrintWriter out, QualifyConsole console) {
        this.out = out;
        this.console = console;
    }

    void print(QualifyResult q) {
        boolean both = q.config().bothDirections();
        printPass(q.rac(), both ? "== Primary to standby ==" : null);
        if (q.racReverse() != null) {
            printPass(q.racReverse(), "== Standby to primary (the standby's server sent) ==");
        }
        if (both) {
            out.println("OVERALL VERDICT (both directions): " + q.overall());
        }
        RacResult r = q.racSettingsFromReverse() ? q.racReverse() : q.rac();
        if (!r.sqlnet().isEmpty()) {
            out.println("Settings to apply (every node's destination and the standby)");
            out.println("  sqlnet.ora:  " + String.join("  ", r.sqlnet()));
            r.sysctl().forEach(l -> out.println("  sysctl:      " + l));
            for (RacResult.NodeBuffer b : r.buffers()) {
                out.println(fmt("  from %-20s round trip avg %.3f ms, its instance's peak %.1f MB/s: BDP %d bytes, "
                        + "buffer %d (3 x BDP, at least 1 MiB)", b.from(), b.rttMs(), b.peakBytesPerSecond() / 1e6,
                        b.bdpBytes(), b.buffer()));
            }
        }
        out.flush();
    }

    private void printPass(RacResult r, String heading) {
        out.println();
        if (heading != null) {
            out.println(heading);
        }
        out.println("Measured from each node" + (r.incomplete() == null ? ""
                : " (the steps finished before the stop)"));
        for (RacResult.Step s : r.steps()) {
            for (var h : s.result().hosts()) {
                var x = h.summary();
                console.row(s.step().label() + " " + h.from(), x == null ? "lost: " + h.loss().reason()
                        : s.step().kind() == StepPlan.Kind.REDO_RATE ? fmt("received %.1f MB/s", x
                                .throughputGbps() * 125)
                                : fmt("round trip avg %.3f / p99 %.3f ms (%d)", x.latencyAvgMs(), x.latencyP99Ms(), x
                                        .messages()));
            }
        }
        console.printVerdicts(r.overall(), r.incomplete(), r.verdicts());
    }

}
