package dev.probe.cli.bulk;

import dev.probe.cli.common.ExitCodes;
import dev.probe.core.agent.Fanout;
import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.agent.FanoutResult;
import dev.probe.core.agent.MergedInterval;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.units.Rates;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code probe bulk ... --from}: the coordinator's console. One line per merged interval (all hosts, then each
 * host's share), then each host's summary with its clock offset and start, and the totals.
 */
final class FanoutRun {
    private final FanoutConfig config;
    private final PrintWriter out;

    FanoutRun(FanoutConfig config, PrintWriter out) {
        this.config = config;
        this.out = out;
    }

    int run(Path json) throws Exception {
        List<String> names = config.from().stream().map(FanoutConfig.HostPort::toString).toList();
        out.printf("Fan-out %s run %s: %d channels from %d host%s (%s) to %s%n", config.total().direction().wireName(),
                config.total().runId(), config.total().channels(), names.size(), names.size() == 1 ? "" : "s",
                String.join(", ", names), config.to());
        out.printf("%10s %14s   %s%n", "Interval", "All hosts", "Each host (Gbit/s)");
        List<MergedInterval> merged = new ArrayList<>();
        double[] previous = {0};
        FanoutResult r = new Fanout(config).run(i -> {
            merged.add(i);
            long nanos = Math.max(1_000_000L, Math.round((i.tSeconds() - previous[0]) * 1e9));
            previous[0] = i.tSeconds();
            StringBuilder hosts = new StringBuilder();
            for (long b : i.perHost()) {
                hosts.append(String.format(" %8.3f", Rates.gbps(b, nanos)));
            }
            synchronized (out) {
                out.printf("%8.1f s %9.3f Gbit/s  %s%n", i.tSeconds(), Rates.gbps(i.bytes(), nanos), hosts);
                out.flush();
            }
        });
        out.println();
        for (FanoutResult.Host h : r.hosts()) {
            if (h.loss() != null) {
                out.printf("%-24s %3d ch  LOST at %s after %,d bytes: %s%n", h.from(), h.channels(),
                        h.loss().at(), h.loss().bytes(), h.loss().reason());
                continue;
            }
            out.printf("%-24s %3d ch  %9.3f Gbit/s  %,15d bytes  clock %+.3f ms (round trip %.3f ms)  start %+.3f ms%s%n",
                    h.from(), h.channels(), h.summary().throughputGbps(), h.summary().bytes(),
                    h.clock().offsetMicros() / 1000.0, h.clock().roundTripMicros() / 1000.0, h.startMicros() / 1000.0,
                    Double.isNaN(h.summary().tcpRttMs()) ? ""
                            : String.format("  TCP RTT %.3f ms, %d retransmits", h.summary().tcpRttMs(), h.summary().retransmits()));
        }
        out.printf("Total: %,d bytes in %.3f s = %.3f Gbit/s over %d channels; start skew %.3f ms; slowest %s, fastest %s%n",
                r.bytes(), r.durationS(), r.throughputGbps(), config.total().channels(),
                r.startSkewMs(), r.slowest().from(), r.fastest().from());
        if (r.finished().size() < r.hosts().size()) {
            out.printf("%d of %d hosts lost (--tolerate-lost): their %,d bytes before the loss are not in the total%n",
                    r.hosts().size() - r.finished().size(), r.hosts().size(), r.bytesOfLostHosts());
        }
        out.flush();
        if (json != null) {
            ResultFiles.writeJson(json, r.toJson(merged));
        }
        return ExitCodes.OK;
    }
}
