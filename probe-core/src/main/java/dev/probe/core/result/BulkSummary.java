package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.units.CpuUsage;
import dev.probe.core.units.Rates;
import java.util.List;

/**
 * A bulk run's outcome: receiver-counted bytes over the run's wall time (start to the last channel's RESULT),
 * pieces completed, whether every chunk was verified, the channels' spread, the sending side's TCP figures, and
 * the time the same link would take for {@code dbSize} bytes (the paper's tables give minutes for 1.06 TB) at the
 * parallelism that ran: {@code channelsActive} of {@code channels} moved data. The projection rests on the run's
 * {@code steady} half where it has one (its quarters give the range), else on the whole run; {@code model} is what
 * probe's one model gives for the path the sender measured (null where it has nothing to say).
 */
public record BulkSummary(double durationS, long bytes, double throughputGbps, double throughputMibS, long pieces,
        boolean verified, long dbSize, double projectedMinutes, double channelMinGbps,
        double channelMedianGbps, double channelMaxGbps, TcpStats tcp, String tcpSide, int channels,
        int channelsActive, CpuUsage cpu, CpuUsage serverCpu, SteadyRate steady,
        ModelProjection model) {
    /**
     * The summary of a run that took {@code nanos} over {@code channels}: bytes and pieces added up, aggregate
     * throughput, the channels' min/median/max, and the time {@code dbSize} bytes would take at the steady rate of
     * {@code intervals} (at the whole run's where they are too few), beside the model's for an {@code operation}
     * ("backup" or "restore") on the path {@code tcp} measured.
     */
    public static BulkSummary of(long nanos, List<ChannelStats> channels, boolean verified, long dbSize, TcpStats tcp,
                                 String tcpSide, CpuUsage cpu, CpuUsage serverCpu, List<BulkProgress> intervals,
                                 String operation) {
        long bytes = channels.stream().mapToLong(ChannelStats::bytes).sum();
        long pieces = channels.stream().mapToLong(ChannelStats::pieces).sum();
        double[] gbps = channels.stream().mapToDouble(ChannelStats::throughputGbps).sorted().toArray();
        int n = gbps.length;
        double median = n % 2 == 1 ? gbps[n / 2] : (gbps[n / 2 - 1] + gbps[n / 2]) / 2;
        double throughput = Rates.gbps(bytes, nanos);
        SteadyRate steady = SteadyRate.of(intervals);
        double projectedGbps = steady != null ? steady.gbps() : throughput;
        double minutes = projectedMinutes(dbSize, projectedGbps);
        int active = (int) channels.stream().filter(c -> c.bytes() > 0).count();
        return new BulkSummary(nanos / 1e9, bytes, throughput, Rates.mibPerSecond(bytes, nanos), pieces, verified,
                dbSize, minutes, gbps[0], median, gbps[n - 1], tcp, tcpSide, n, active, cpu, serverCpu, steady,
                ModelProjection.of(tcp, active, operation, dbSize, projectedGbps));
    }

    /** Minutes to move {@code dbSize} bytes at {@code gbps} (infinite at no throughput). */
    public static double projectedMinutes(long dbSize, double gbps) {
        return gbps <= 0 ? Double.POSITIVE_INFINITY : dbSize * 8.0 / (gbps * 1e9) / 60;
    }

    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("duration_s", durationS);
        n.put("bytes", bytes);
        n.put("throughput_gbps", throughputGbps);
        n.put("throughput_mib_s", throughputMibS);
        n.put("pieces", pieces);
        n.put("verified", verified);
        n.put("db_size", dbSize);
        n.put("projected_minutes", projectedMinutes);
        n.put("channels_active", channelsActive);
        Measures.putCpu(n, cpu, serverCpu, bytes);
        n.put("projection_basis", channelsActive + " of " + channels + " channels moved data; the projection is at "
                + "that parallelism, " + (steady != null ? "from the run's steady half" : "from the whole run (too few "
                        + "intervals for a steady half)"));
        if (steady != null) {
            steady.toJson(n.putObject("projection"), dbSize);
        }
        if (model != null) {
            model.toJson(n.putObject("model"));
        }
        ObjectNode spread = n.putObject("channel_gbps");
        spread.put("min", channelMinGbps);
        spread.put("median", channelMedianGbps);
        spread.put("max", channelMaxGbps);
        if (tcp != null) {
            ObjectNode t = tcp.toJson();
            t.put("side", tcpSide);
            n.set("tcp", t);
        }
        return n;
    }
}
