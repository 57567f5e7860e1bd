package dev.probe.cli.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.agent.Fanout;
import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.HostInterval;
import dev.probe.core.agent.MergedInterval;
import dev.probe.core.agent.ObjstoreLeg;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.TestParams;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.ResultStream;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Rates;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A run with {@code --from} ({@code bulk}, {@code client}): the coordinator's console. One line per merged
 * interval (all hosts, then each host's share; a test's mean and p99 round trip), then each host's summary with
 * its clock offset and start, and the totals. The {@code --json} document is streamed: intervals are written as
 * they come, not kept.
 */
public final class FanoutConsole {
    private final FanoutConfig config;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean bulk;
    private final long dbSize;
    private double previous;

    /** Prints to {@code out}; a run cut short by a signal says so on {@code err}. */
    public FanoutConsole(FanoutConfig config, PrintWriter out, PrintWriter err) {
        this(config, out, err, 0);
    }

    /** A bulk run that also projects the time for a database of {@code dbSize} bytes (0: none). */
    public FanoutConsole(FanoutConfig config, PrintWriter out, PrintWriter err, long dbSize) {
        this.dbSize = dbSize;
        this.config = config;
        this.out = out;
        this.err = err;
        this.bulk = !(config.total() instanceof TestParams);
    }

    public int run(Path json) throws Exception {
        printHeader();
        Instant startedAt = Instant.now();
        String kind = config.total() instanceof TestParams t ? t.mode().wireName() : config.total().kind();
        try (Interrupts interrupts = Interrupts.install();
             ResultStream stream = json == null ? null : ResultStream.open(json, kind, startedAt, config.total()
                     .toJson())) {
            Thread coordinator = Thread.currentThread();
            interrupts.stop().onRequest(coordinator::interrupt); // the agents stop when their links close
            FanoutResult r;
            try {
                r = new Fanout(config).run(i -> {
                    if (stream != null) {
                        stream.interval(FanoutResult.interval(i));
                    }
                    print(i);
                });
            } catch (RuntimeException | InterruptedException e) {
                String why = e instanceof InterruptedException ? interrupts.stop().reason() : e.getMessage();
                if (stream != null) {
                    stream.failed(why);
                }
                if (e instanceof InterruptedException) {
                    out.println("Run INCOMPLETE: " + why + "; the agents stopped their runs"
                            + (stream != null ? "; --json holds the intervals until then" : ""));
                    out.flush();
                    return interrupts.exitCode(err, ExitCodes.FAILED);
                }
                throw e;
            }
            summary(r);
            ObjectNode tail = r.tail();
            if (bulk && dbSize > 0) {
                double minutes = BulkSummary.projectedMinutes(dbSize, r.throughputGbps());
                ((ObjectNode) tail.get("summary")).put("db_size", dbSize).put("projected_minutes", minutes);
                out.printf(Locale.ROOT, "Projected for %.2f TB: %s at this run's total rate%n", dbSize / 1e12,
                        Durations.readable(minutes * 60));
                out.flush();
            }
            if (stream != null) {
                stream.finish(tail);
            }
        }
        return ExitCodes.OK;
    }

    /** What runs from where to where, and the interval table's heading. */
    private void printHeader() {
        List<String> names = config.from().stream().map(HostPort::toString).toList();
        String what = config.total() instanceof TestParams t ? t.mode().wireName()
                : (config.total() instanceof ObjstoreLeg ? "object-storage " : "")
                        + FanoutConfig.bulkOf(config.total()).direction().wireName();
        out.printf("Fan-out %s run%s: %d %s from %d host%s (%s) to %s%n", what,
                bulk ? " " + FanoutConfig.bulkOf(config.total()).runId() : "", config.channels(),
                bulk ? "channels" : "connections", names.size(), names.size() == 1 ? "" : "s", String.join(", ", names),
                String.join(", ", config.to().stream().map(HostPort::toString).toList()));
        out.printf("%10s %14s   %s%n", "Interval", "All hosts", "Each host (" + unit() + ")"
                + (bulk ? "" : "; latency avg / p99 (worst host)"));
    }

    private String unit() {
        return bulk ? "Gbit/s" : "MB/s";
    }

    private double rate(long bytes, long nanos) {
        return bulk ? Rates.gbps(bytes, nanos) : Rates.mbPerSecond(bytes, nanos);
    }

    private void print(MergedInterval i) {
        long nanos = Math.max(1_000_000L, Math.round((i.tSeconds() - previous) * 1e9));
        previous = i.tSeconds();
        StringBuilder hosts = new StringBuilder();
        for (HostInterval h : i.perHost()) {
            hosts.append(String.format(Locale.ROOT, " %8.3f", rate(h.bytes(), nanos)));
        }
        HostInterval all = i.all();
        if (!Double.isNaN(all.latencyAvgMs())) {
            hosts.append(String.format(Locale.ROOT, "   %.3f / %.3f ms", all.latencyAvgMs(), all.latencyP99Ms()));
        }
        if (all.warmup()) {
            hosts.append("  (warm-up)");
        }
        synchronized (out) {
            out.printf(Locale.ROOT, "%8.1f s %9.3f %s  %s%n", i.tSeconds(), rate(all.bytes(), nanos), unit(), hosts);
            out.flush();
        }
    }

    private void summary(FanoutResult r) {
        out.println();
        for (FanoutResult.Host h : r.hosts()) {
            if (h.loss() != null) {
                out.printf("%-24s %3d ch  LOST at %s after %,d bytes: %s%n", h.from(), h.channels(),
                        h.loss().at(), h.loss().bytes(), h.loss().reason());
                continue;
            }
            long nanos = (long) (h.summary().durationS() * 1e9);
            out.printf(Locale.ROOT,
                    "%-24s %3d %s  %9.3f %s  %,15d bytes  clock %+.3f ms (round trip %.3f ms)  start %+.3f ms%s%s%n",
                    h.from(), h.channels(), bulk ? "ch" : "conn", rate(h.summary().bytes(), nanos), unit(),
                    h.summary().bytes(), h.clock().offsetMicros() / 1000.0, h.clock().roundTripMicros() / 1000.0,
                    h.startMicros() / 1000.0,
                    Double.isNaN(h.summary().latencyAvgMs()) ? "" : String.format(Locale.ROOT,
                            "  latency %.3f / p99 %.3f ms", h.summary().latencyAvgMs(), h.summary().latencyP99Ms()),
                    Double.isNaN(h.summary().tcpRttMs()) ? ""
                            : String.format(Locale.ROOT, "  TCP RTT %.3f ms, %d retransmits", h.summary().tcpRttMs(), h
                                    .summary().retransmits()));
        }
        long nanos = (long) (r.durationS() * 1e9);
        out.printf(Locale.ROOT,
                "Total: %,d bytes in %.3f s = %.3f %s over %d %s; start skew %.3f ms; slowest %s, fastest %s%n",
                r.bytes(), r.durationS(), rate(r.bytes(), nanos), unit(), config.channels(),
                bulk ? "channels" : "connections", r.startSkewMs(), r.slowest().from(), r.fastest().from());
        if (r.finished().size() < r.hosts().size()) {
            out.printf("%d of %d hosts lost (--tolerate-lost): their %,d bytes before the loss are not in the total%n",
                    r.hosts().size() - r.finished().size(), r.hosts().size(), r.bytesOfLostHosts());
        }
        out.flush();
    }
}
