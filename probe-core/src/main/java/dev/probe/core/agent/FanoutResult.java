package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonDocument;
import dev.probe.core.units.Rates;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * A fan-out run's result: each host's share (its agent's summary, clock offset and start) and the totals, the
 * whole run's time running from the first host's start to the last host's end on the coordinator's clock. Written
 * as a {@code probe.result/1} document of the run's kind ("bulk", "objstore", "sync", "async") with a {@code hosts} array and
 * the merged intervals, streamed as they come ({@link dev.probe.core.result.ResultStream}).
 */
public record FanoutResult(SessionSpec total, List<Host> hosts) {
    /** A host lost after the start (with --tolerate-lost): when, why, and the bytes it reported before. */
    public record Loss(Instant at, String reason, long bytes) {
    }

    /**
     * One host: where it ran from and to, its channels, its clock sample, its start and its summary; or, lost,
     * its {@code loss} (then {@code summary} is null).
     */
    public record Host(HostPort from, List<String> to, int channels, ClockSample clock,
            long startMicros, HostSummary summary, Loss loss) implements JsonDocument {
        static Host lost(HostPort from, List<String> to, int channels, ClockSample clock,
                         Loss loss) {
            return new Host(from, to, channels, clock, 0, null, loss);
        }

        @Override
        public ObjectNode toJson() {
            ObjectNode n = Json.object();
            n.put("from", from.toString());
            to.forEach(n.putArray("to")::add);
            n.put("channels", channels);
            n.put("clock_offset_ms", clock.offsetMicros() / 1000.0);
            n.put("clock_round_trip_ms", clock.roundTripMicros() / 1000.0);
            if (loss != null) {
                n.putObject("lost").put("at", String.valueOf(loss.at())).put("reason", loss.reason())
                        .put("bytes_before", loss.bytes());
                return n;
            }
            n.put("start_ms", startMicros / 1000.0);
            n.set("summary", summary.toJson());
            return n;
        }
    }

    /** The hosts that finished their run. */
    public List<Host> finished() {
        return hosts.stream().filter(h -> h.loss() == null).toList();
    }

    /** Bytes of the hosts that finished (a lost host's bytes are in {@link #bytesOfLostHosts()}). */
    public long bytes() {
        return finished().stream().mapToLong(h -> h.summary().bytes()).sum();
    }

    public long bytesOfLostHosts() {
        return hosts.stream().filter(h -> h.loss() != null).mapToLong(h -> h.loss().bytes()).sum();
    }

    /** From the first host's start to the last host's end, seconds. */
    public double durationS() {
        double first = finished().stream().mapToDouble(h -> h.startMicros() / 1e6).min().orElse(0);
        double last = finished().stream().mapToDouble(h -> h.startMicros() / 1e6 + h.summary().durationS()).max()
                .orElse(0);
        return last - first;
    }

    /** All finished hosts' bytes over the whole run's time. */
    public double throughputGbps() {
        return Rates.gbps(bytes(), (long) (durationS() * 1e9));
    }

    /** The spread of the hosts' actual starts, ms: how well the scheduled start held. */
    public double startSkewMs() {
        long min = finished().stream().mapToLong(Host::startMicros).min().orElse(0);
        long max = finished().stream().mapToLong(Host::startMicros).max().orElse(0);
        return (max - min) / 1000.0;
    }

    public Host slowest() {
        return finished().stream().min(Comparator.comparingDouble(h -> h.summary().throughputGbps())).orElseThrow();
    }

    public Host fastest() {
        return finished().stream().max(Comparator.comparingDouble(h -> h.summary().throughputGbps())).orElseThrow();
    }

    /** The document's kind: "bulk", or a test's mode ("sync", "async"). */
    public String kind() {
        return total instanceof TestParams t ? t.mode().wireName() : total.kind();
    }

    /** The document's parts after the intervals: the summary and the hosts. */
    public ObjectNode tail() {
        HostSummary all = all();
        ObjectNode summary = Json.object();
        summary.put("bytes", bytes());
        summary.put("duration_s", durationS());
        summary.put("throughput_gbps", throughputGbps());
        summary.put("throughput_mib_s", Rates.mibPerSecond(bytes(), (long) (durationS() * 1e9)));
        summary.put(total instanceof TestParams ? "num_conn" : "channels", FanoutConfig.channels(total));
        if (!(total instanceof TestParams)) {
            summary.put("verified", finished().stream().allMatch(h -> h.summary().verified()));
        } else {
            putMessages(summary, all);
        }
        summary.put("hosts", hosts.size());
        summary.put("hosts_lost", hosts.size() - finished().size());
        summary.put("bytes_of_lost_hosts", bytesOfLostHosts());
        summary.put("start_skew_ms", startSkewMs());
        putTcp(summary, all);
        summary.put("slowest_host", slowest().from().toString());
        summary.put("fastest_host", fastest().from().toString());
        ObjectNode tail = Json.object();
        tail.set("summary", summary);
        ArrayNode hostsJson = tail.putArray("hosts");
        hosts.forEach(h -> hostsJson.add(h.toJson()));
        return tail;
    }

    /** The finished hosts' summaries as one (see {@link HostSummary#combine}). */
    private HostSummary all() {
        return HostSummary.combine(finished().stream().map(Host::summary).toList());
    }

    /**
     * A test's messages over all hosts, their mean round trip (weighted by messages) and an upper bound of their
     * p99 (the worst host's: no host has more than 1 % of its messages above it).
     */
    private void putMessages(ObjectNode summary, HostSummary all) {
        summary.put("messages", all.messages());
        summary.put("messages_per_s", durationS() <= 0 ? 0 : all.messages() / durationS());
        if (!Double.isNaN(all.latencyAvgMs())) {
            summary.putObject("latency_ms").put("avg", all.latencyAvgMs()).put("p99_at_most", all.latencyP99Ms());
        }
    }

    /**
     * The hosts' TCP figures as one run's ({@code report compare} places it with them): RTT as the bytes-weighted
     * mean of the hosts', retransmits and segments summed.
     */
    private void putTcp(ObjectNode summary, HostSummary all) {
        if (Double.isNaN(all.tcpRttMs()) || all.segmentsSent() <= 0) {
            return;
        }
        ObjectNode tcp = summary.putObject("tcp");
        tcp.put("rtt_ms", all.tcpRttMs());
        tcp.put("retransmits", all.retransmits());
        tcp.put("segments_sent", all.segmentsSent());
        tcp.put("retransmit_ratio", (double) all.retransmits() / all.segmentsSent());
    }

    /** A merged interval as the document holds it: all hosts' figures and each host's bytes. */
    public static JsonDocument interval(MergedInterval i) {
        return () -> {
            ObjectNode n = Json.object();
            i.all().putTo(n);
            ArrayNode per = n.putArray("bytes_per_host");
            i.perHost().forEach(h -> per.add(h.bytes()));
            return n;
        };
    }
}
