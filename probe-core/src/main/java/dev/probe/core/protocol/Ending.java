package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.units.CpuUsage;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How a connection's test ends: the sender's END with its counts, the receiver's RESULT with its own.
 */
public final class Ending {

    private Ending() {
    }

    private static final Pattern CONGESTION = Pattern.compile("[a-z0-9_]{1,15}");

    /** Client to server: the sender's counts for this connection; no more data follows. */
    public record End(long bytesSent, long messagesSent) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("bytes_sent", bytesSent);
            n.put("messages_sent", messagesSent);
            return new ControlFrame(FrameType.END, n);
        }

        public static End from(ObjectNode n) {
            return new End(Json.requireLong(n, "bytes_sent", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "messages_sent", 0, Frames.MAX_COUNT));
        }
    }

    /**
     * Server to client: the server's counts for this connection. {@code measured*} count from the MARK (or the
     * first data byte without warm-up) to END: the receiver's goodput window. Bulk runs add the bytes and pieces
     * the server sent (restore) or completed (backup), and the server socket's TCP_INFO (null where unavailable).
     */
    public record Result(long bytesReceived, long messagesReceived, long measuredBytes, long measuredNanos,
            long bytesSent, long pieces, TcpInfo serverTcp, String serverCongestion, CpuUsage serverCpu) {
        public Result(long bytesReceived, long messagesReceived, long measuredBytes, long measuredNanos) {
            this(bytesReceived, messagesReceived, measuredBytes, measuredNanos, 0, 0, null, null, null);
        }

        /** The same counts with the server socket's TCP_INFO (a reverse test's sender) and its algorithm. */
        public Result withServerTcp(TcpInfo tcp, String congestion) {
            return new Result(bytesReceived, messagesReceived, measuredBytes, measuredNanos, bytesSent, pieces, tcp,
                    congestion, serverCpu);
        }

        /** The same counts with the server process's CPU over the session. */
        public Result withServerCpu(CpuUsage cpu) {
            return new Result(bytesReceived, messagesReceived, measuredBytes, measuredNanos, bytesSent, pieces,
                    serverTcp, serverCongestion, cpu);
        }

        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("bytes_received", bytesReceived);
            n.put("messages_received", messagesReceived);
            n.put("measured_bytes", measuredBytes);
            n.put("measured_ns", measuredNanos);
            n.put("bytes_sent", bytesSent);
            n.put("pieces", pieces);
            if (serverTcp != null) {
                n.set("tcp", tcpJson(serverTcp, serverCongestion));
            }
            if (serverCpu != null) {
                putCpu(n.putObject("cpu"), serverCpu);
            }
            return new ControlFrame(FrameType.RESULT, n);
        }

        public static Result from(ObjectNode n) {
            ObjectNode t = n.has("tcp") ? Json.requireObject(n, "tcp") : null;
            TcpInfo tcp = t == null ? null : tcpFrom(t);
            String congestion = t == null ? null : congestionFrom(t);
            return new Result(Json.requireLong(n, "bytes_received", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "messages_received", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "measured_bytes", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "measured_ns", 0, Frames.MAX_COUNT),
                    optionalCount(n, "bytes_sent"), optionalCount(n, "pieces"), tcp, congestion, cpu(n));
        }

        /** The optional "cpu" object: the server process's CPU over the session. */
        private static CpuUsage cpu(ObjectNode n) {
            if (!n.has("cpu")) {
                return null;
            }
            ObjectNode c = Json.requireObject(n, "cpu");
            boolean jvm = c.has("jit_s") && c.has("gc_s"); // absent from an older server
            return new CpuUsage(Json.requireDouble(c, "user_s", 0, 1e9), Json.requireDouble(c, "sys_s", 0, 1e9),
                    Json.requireDouble(c, "wall_s", 0, 1e9), Json.requireInt(c, "cores", 1, 1 << 16),
                    jvm ? Json.requireDouble(c, "jit_s", 0, 1e9) : Double.NaN,
                    jvm ? Json.requireDouble(c, "gc_s", 0, 1e9) : Double.NaN);
        }
    }

    /** A socket's TCP_INFO as RESULT and TCP frames carry it, with its congestion control (null: not said). */
    public static ObjectNode tcpJson(TcpInfo tcp, String congestion) {
        ObjectNode t = Json.object();
        t.put("rtt_us", tcp.rttUs());
        t.put("min_rtt_us", tcp.minRttUs());
        t.put("cwnd", tcp.sndCwnd());
        t.put("mss", tcp.sndMss());
        t.put("total_retrans", tcp.totalRetrans());
        t.put("segs_out", tcp.segsOut());
        t.put("bytes_retrans", tcp.bytesRetrans());
        t.put("bytes_acked", tcp.bytesAcked());
        t.put("reordering", tcp.reordering());
        t.put("reord_seen", tcp.reordSeen());
        t.put("pmtu", tcp.pmtu());
        t.put("busy_us", tcp.limits().busyUs());
        t.put("rwnd_limited_us", tcp.limits().rwndLimitedUs());
        t.put("sndbuf_limited_us", tcp.limits().sndbufLimitedUs());
        if (congestion != null) {
            t.put("congestion", congestion);
        }
        return t;
    }

    /** The longest round trip a peer's TCP_INFO may give: Linux's largest retransmission timeout, 120 s. */
    static final long MAX_RTT_US = 120_000_000L;

    /** {@link #tcpJson}'s form read back, every count bounded (an absent optional one read as 0). */
    public static TcpInfo tcpFrom(ObjectNode t) {
        return new TcpInfo(Json.requireLong(t, "rtt_us", 0, MAX_RTT_US),
                Json.requireLong(t, "min_rtt_us", 0, MAX_RTT_US),
                Json.requireLong(t, "cwnd", 0, Frames.MAX_COUNT), Json.requireLong(t, "mss", 0, 65_535),
                Json.requireLong(t, "total_retrans", 0, Frames.MAX_COUNT),
                Json.requireLong(t, "segs_out", 0, Frames.MAX_COUNT),
                Json.requireLong(t, "bytes_retrans", 0, Frames.MAX_COUNT),
                optionalCount(t, "bytes_acked"), optionalCount(t, "pmtu"),
                new TcpInfo.Limits(optionalCount(t, "busy_us"), optionalCount(t, "rwnd_limited_us"),
                        optionalCount(t, "sndbuf_limited_us")),
                optionalCount(t, "reordering"), optionalCount(t, "reord_seen"));
    }

    /** The congestion control {@link #tcpJson} named, or null. */
    public static String congestionFrom(ObjectNode t) {
        return t.has("congestion") ? Json.requireString(t, "congestion", CONGESTION) : null;
    }

    /** The servers' TCP_INFO over {@code results}, added up (see {@link TcpInfo#plus}); null when none sent it. */
    public static TcpInfo serverTcp(List<Result> results) {
        TcpInfo sum = null;
        for (Result r : results) {
            if (r.serverTcp() != null) {
                sum = sum == null ? r.serverTcp() : sum.plus(r.serverTcp());
            }
        }
        return sum;
    }

    /**
     * A process's CPU as the RESULT carries it and result files show it: {@code user_s}, {@code sys_s},
     * {@code wall_s}, {@code cores}, and {@code jit_s}, {@code gc_s} where known; returns {@code into}.
     */
    public static ObjectNode putCpu(ObjectNode into, CpuUsage cpu) {
        into.put("user_s", cpu.userSeconds()).put("sys_s", cpu.systemSeconds()).put("wall_s", cpu.wallSeconds())
                .put("cores", cpu.cores());
        if (cpu.jvmKnown()) {
            into.put("jit_s", cpu.jitSeconds()).put("gc_s", cpu.gcSeconds());
        }
        return into;
    }

    private static long optionalCount(ObjectNode n, String field) {
        return n.has(field) ? Json.requireLong(n, field, 0, Frames.MAX_COUNT) : 0;
    }
}
