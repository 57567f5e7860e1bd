package dev.probe.cli.qualify;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.disk.LoadPoint;
import dev.probe.core.pathmtu.PathMtu;
import dev.probe.core.qualify.HostTable;
import dev.probe.core.qualify.LinkResult;
import dev.probe.core.qualify.Measured;
import dev.probe.core.qualify.PathMtuFindings;
import dev.probe.core.qualify.Qualifier;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.QualifyResult;
import dev.probe.core.qualify.RedoCompression;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.qualify.Sizing;
import dev.probe.core.qualify.StandbyDisk;
import dev.probe.core.qualify.StepPlan;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.qualify.Verdicts;
import dev.probe.core.result.JsonStream;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.Summary;
import dev.probe.core.result.TestResult;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Rate;
import dev.probe.core.units.Rates;
import dev.probe.core.units.Sizes;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Prints a qualification: what it will run, each step as it starts (also as a {@code --json-stream} event) and what
 * it measured, then the verdicts.
 */
final class QualifyConsole implements Qualifier.Progress {
    private final PrintWriter out;
    private final JsonStream stream;

    QualifyConsole(PrintWriter out, JsonStream stream) {
        this.out = out;
        this.stream = stream;
    }

    /** Whatever kind of run it was: one link, both directions or a RAC primary, then the standby's disk. */
    void print(QualifyResult r) {
        if (r.rac() != null) {
            new RacConsole(out, this).print(r);
        } else if (r.config().bothDirections()) {
            printBoth(r);
        } else {
            printResult(r.link(), r.config().budget());
            printSettings(r.link());
        }
        if (r.standbyDisk() != null) {
            printStandbyDisk(r.standbyDisk(), r.config().writeSizes());
        }
    }

    void printRequest(QualifyConfig c, StepPlan plan) {
        out.println(fmt("[Qualifying %s:%d for Data Guard redo transport%s]", c.target().host(), c.target().port(),
                c.reverse() ? ", the stream steps standby to primary" : ""));
        out.println(fmt("\t%-22s = %s from %s", "Peak redo rate", new Rate(c.load().peakBytesPerSecond()).described(),
                c.load().source()));
        if (c.load().fromAwr()) {
            out.println(fmt("\t%-22s   %s", "", c.load().statistic()));
            out.println(fmt("\t%-22s = %s (AVERAGE summed over the instances; the lag projection uses it)",
                    "Busiest interval mean", Rates.describeByteRate(c.load().highestAverageBytesPerSecond())));
            out.println(fmt("\t%-22s = %s of the intervals' peaks", "95th percentile",
                    Rates.describeByteRate(c.load().p95BytesPerSecond())));
            out.println(fmt("\t%-22s = %s", "AWR times", RedoLoad.TIMES));
        }
        out.println(fmt("\t%-22s = %.1f Mbit/s = %s", "Required bandwidth", c.requiredBitsPerS() / 1e6,
                Sizing.requiredRule(c.tcpEfficiency())));
        if (c.sync()) {
            out.println(fmt("\t%-22s = %.3f ms that SYNC may add to a commit%s", "Commit budget",
                    c.commitBudget().toNanos() / 1e6, c.localLogWrite().isZero() ? " (local log write not counted)"
                            : fmt(" (beside a local log write of %.3f ms)", c.localLogWrite().toNanos() / 1e6)));
        }
        out.println(fmt("\t%-22s = %s", "Payload", c.payload().describe()));
        if (!c.target().route().describe().isEmpty()) {
            out.println(fmt("\t%-22s = %s (every step)", "Route", c.target().route().describe()));
        }
        if (c.compression() != null) {
            printCompression(c);
        }
        if (c.underLoad() != null) {
            out.println(fmt("\t%-22s = %s%s: the %s steps run again beside it; the verdicts rest on those",
                    "Under load",
                    c.underLoad().describe(), c.underLoad().agents() == null ? " from this host" : "",
                    c.async() && c.sync() ? "redo-rate and SYNC" : c.async() ? "redo-rate" : "SYNC"));
        }
        out.println(fmt("\t%-22s = %d steps in %s", "Plan", plan.steps().size(), Durations.describe(c.budget())));
        out.println();
        out.flush();
    }

    @Override
    public void reversePass() {
        out.println();
        out.println("[Standby to primary: the standby's probe server sends in the stream steps]");
    }

    /** Both passes: each one's figures and verdicts, then the asymmetry and the overall verdict. */
    private void printBoth(QualifyResult both) {
        out.println();
        out.println("== Primary to standby ==");
        printResult(both.link(), both.config().budget());
        if (both.reverse() != null) {
            out.println("== Standby to primary (the standby's server sent) ==");
            printResult(both.reverse(), both.config().budget());
            out.println("Asymmetry: " + both.asymmetry());
        }
        out.println("OVERALL VERDICT (both directions): " + both.overall());
        out.println();
        printSettings(both.settingsFrom());
    }

    @Override
    public void checkingPathMtu() {
        out.println("(path MTU) checking what the path carries both ways ...");
        out.flush();
    }

    @Override
    public void step(int index, int total, StepPlan.Step step) {
        out.println(fmt("(step %d/%d) %s, %s ...", index, total, step.label(), Durations.describe(step.duration())));
        out.flush();
        stream.step(index, total, step.label(), step.duration());
    }

    /** One pass's figures and verdicts; {@code whole} is the --budget the user gave (a pass may have a share). */
    private void printResult(LinkResult r, Duration whole) {
        Measured m = r.measured();
        out.println();
        out.println("Measured" + (r.incomplete() == null ? "" : " (the steps finished before the stop)"));
        String taken = Durations.describe(Duration.between(r.startedAt(), Instant.now())
                .truncatedTo(ChronoUnit.SECONDS));
        row("Time taken", m.steps().isEmpty() && PathMtuFindings.stalls(m.pathMtu())
                ? taken + ", searching the path MTU; no step ran" : r.config().budget().equals(whole)
                        ? fmt("%s of a %s budget (later steps are shortened when set-up runs over)", taken,
                                Durations.describe(whole))
                        : fmt("%s of this pass's %s share of the %s --budget", taken, Durations.describe(r.config()
                                .budget()),
                                Durations.describe(whole)));
        for (PathMtu p : m.pathMtu()) {
            if (!p.stalls()) { // a stall is the verdict's reason
                row(p.status() == PathMtu.Status.FULL ? "Path MTU" : "WARNING", PathMtuFindings.line(p));
            }
        }
        if (!r.results(StepPlan.Kind.ROUND_TRIP).isEmpty()) {
            LatencyStats rtt = r.results(StepPlan.Kind.ROUND_TRIP).get(0).summary().latency();
            row("Round trip", fmt("p50 %.3f ms, p99 %.3f ms%s", rtt.p50(), rtt.p99(),
                    Double.isNaN(m.minRttMs()) ? "" : fmt(", TCP min RTT %.3f ms", m.minRttMs())));
        }
        streamRows(r, m);
        for (Measured.StepResult s : m.steps()) {
            if (s.step().kind() == StepPlan.Kind.SYNC && s.result().summary().latency() != null) {
                TestResult t = s.result();
                LatencyStats l = t.summary().latency();
                LatencyStats d = t.summary().disk();
                row(s.step().label(), fmt("round trip p50 %.3f / p99 %.3f / p99.9 %.3f ms%s, %d round trips%s", l.p50(),
                        l.p99(), l.p999(), d == null ? "" : fmt(" (standby disk p50 %.3f ms)", d.p50()), l.count(),
                        l.thin(99) ? " (too few for p99 and p99.9)" : l.thin(99.9) ? " (too few for p99.9)" : ""));
            }
        }
        printVerdicts(r.overall(), r.incomplete(), r.verdicts());
        if (r.projection() != null) {
            out.println(fmt("  %-24s %-8s peak %s at %s database time, over the AWR period (interval means; "
                    + "backlog carried between intervals)", "Projected lag (AWR)", "",
                    Durations.readable(r.projection().peak().lagSeconds()),
                    r.projection().peak().end().toString().replace('T', ' ')));
        }
        out.println();
        out.flush();
    }

    /** The settings block, once per run: the larger buffer when both directions were measured. */
    private void printSettings(LinkResult r) {
        if (!r.sqlnet().isEmpty()) {
            out.println("Settings to apply (both hosts)");
            out.println("  sqlnet.ora:  " + String.join("  ", r.sqlnet()));
            r.sysctl().forEach(l -> out.println("  sysctl:      " + l));
        }
        HostTable hosts = HostTable.of(r.measured());
        if (hosts != null) {
            out.println();
            out.println(fmt("  %-26s %-22s %-22s %s", "Host settings", "primary (here)", "standby (server)",
                    hosts.needed() > 0 ? "3 x BDP needs" : ""));
            hosts.rows().forEach(row -> out.println(fmt("  %-26s %-22s %-22s %s", row.setting(), row.primary(),
                    row.standby(), row.needs())));
            hosts.primaryLines().forEach(l -> out.println("  on the primary: " + l));
            hosts.standbyLines().forEach(l -> out.println("  on the standby: " + l));
            if (hosts.clockAdvice() != null) {
                out.println("  WARNING: " + hosts.clockAdvice());
            }
        }
        out.flush();
    }

    /** The stream steps' figures: four streams, one with default and with 3 x BDP buffers, lags, the load. */
    private void streamRows(LinkResult r, Measured m) {
        if (!Double.isNaN(m.capacityBps())) {
            row("Four streams together", mbit(m.capacityBps()) + (Double.isFinite(m.capacityBps() / m.defaultBps())
                    ? fmt(" (%.1f x one stream; a sum of streams, not the link's capacity: a loss-limited path gives "
                            + "about 4 x one stream)", m.capacityBps() / m.defaultBps())
                    : " (a sum of streams, not the link's "
                            + "capacity)"));
        }
        if (!Double.isNaN(m.defaultBps())) {
            Summary d = r.results(StepPlan.Kind.DEFAULT_BUFFERS).get(0).summary();
            row("One stream, default", mbit(m.defaultBps()) + fmt(" (send buffer %d bytes at the start, %d at the "
                    + "end as the OS autotuned it; standby receive %d at the start)", d.sndbufGranted(), d
                            .sndbufAtEnd(),
                    d.serverRcvbufGranted()));
        }
        if (!Double.isNaN(m.tunedBps())) {
            boolean doubled = Math.max(m.sndbufGranted(), m.rcvbufGranted()) > m.bufferRequested();
            row("One stream, 3 x BDP", mbit(m.tunedBps()) + fmt(" (BDP %d bytes; asked %d, granted send %d, standby "
                    + "receive %d%s%s)", m.bdpBytes(), m.bufferRequested(), m.sndbufGranted(), m.rcvbufGranted(),
                    m.clamped() ? ": CLAMPED" : "", doubled ? "; Linux reports twice the buffer it sets, the "
                            + "second half for its own bookkeeping, so a granted figure can read above what was asked and "
                            + "above wmem_max/rmem_max" : ""));
        }
        if (m.lag() != null) {
            row("Lag at the peak rate", fmt("%.2f s at the end, %s (%s)", m.lag().lastLag(),
                    m.lag().describeGrowth(), switch (m.lag().measuredBy()) {
                        case "tcp_bytes_acked" -> "from TCP_INFO bytes acked";
                        case "receiver_counts" -> "from what this host received";
                        default -> "sender schedule, lower bound";
                    }));
        }
        if (m.loadedLag() != null) {
            row("Lag at the peak, loaded", fmt("%.2f s at the end, %s", m.loadedLag().lastLag(),
                    m.loadedLag().describeGrowth()));
        }
        if (m.load() != null) {
            row("Background load", fmt("%s, %s moved beside the redo: %s", m.load().load(),
                    Sizes.describe(m.load().besideBytes()), Objects.requireNonNullElse(Verdicts.loadFigures(m.load()),
                            "rates unknown (too short to measure)")));
        }
    }

    void printVerdicts(Verdict.Status overall, String incomplete, List<Verdict> verdicts) {
        out.println();
        out.println("VERDICT: " + overall + (incomplete == null ? ""
                : " (" + incomplete + "; verdicts below only for what was measured whole)"));
        for (Verdict v : verdicts) {
            out.println(fmt("  %-24s %-8s %s", v.name(), v.status(), v.reasons().get(0)));
            v.reasons().subList(1, v.reasons().size()).forEach(x -> out.println(fmt("  %-24s %-8s %s", "", "", x)));
        }
    }

    /** The redo sample's compression: required bandwidth with it, beside without, and what it costs the primary. */
    private void printCompression(QualifyConfig c) {
        RedoCompression x = c.compression();
        double peak = c.load().peakBytesPerSecond();
        out.println(fmt("\t%-22s = %s, %s of it read (%s)", "Redo sample", x.sample(), Sizes.describe(x.bytes()),
                x.looksLikeRedo() ? "an Oracle redo log"
                        : "not an Oracle redo log: figures are for this file's content"));
        out.println(fmt("\t%-22s = zlib (COMPRESSION=ENABLE) leaves %.3f: %.1f Mbit/s instead of %.1f; %.2f cores of "
                + "this CPU at the peak (%.2f CPU s/GiB)", "Redo compression", x.zlibRatio(),
                x.compressedBps(c.requiredBitsPerS()) / 1e6, c.requiredBitsPerS() / 1e6, x.zlibCores(peak), x
                        .zlibCpuPerGib()));
        out.println(fmt("\t%-22s   LZ4 leaves %.3f: %.1f Mbit/s; %.2f cores at the peak (%.2f CPU s/GiB)", "",
                x.lz4Ratio(), c.requiredBitsPerS() * x.lz4Ratio() / 1e6, x.lz4Cores(peak), x.lz4CpuPerGib()));
        out.println(fmt("\t%-22s   Oracle (note 729551.1): about half a CPU per transport process near 50 Mbit/s; not "
                + "advised above about 100 Mbit/s when RPO matters. The paced redo step sends %s.", "",
                c.redoPayload()));
    }

    void row(String label, String value) {
        out.println(fmt("%26s = %s", label, value));
    }

    private static String mbit(double bps) {
        return fmt("%.1f Mbit/s", bps / 1e6);
    }

    /** The standby's redo log write time per size (the AFFIRM share on its disk), the qualified sizes marked. */
    private void printStandbyDisk(StandbyDisk standby, List<Long> sizes) {
        var disk = standby.disk();
        out.printf(Locale.ROOT, "Standby redo log writes (probe disk at %s, %s): write + fdatasync, one writer%n",
                disk.dir(), disk.fileSystem());
        for (LoadPoint p : disk.of("redo")) {
            out.printf(Locale.ROOT, "  %s %8d B: p50 %.3f ms, p99 %.3f ms%s%n", sizes.contains((long) p.ioSize()) ? "*"
                    : " ",
                    p.ioSize(), p.writeLatency().p50(), p.writeLatency().p99(), p.direct() ? "" : " (buffered)");
        }
        out.println("  Carrying the peak redo, one writer at each size:");
        standby.headroom().forEach(h -> out.println("    " + h.describe()));
        out.flush();
    }
}
