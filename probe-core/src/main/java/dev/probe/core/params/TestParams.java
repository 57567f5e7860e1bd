package dev.probe.core.params;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The parameters of one sync or async test, validated once here; both ends use this record, so a value
 * the client can send is a value the server accepts (unless the server's own limits are tighter).
 *
 * @param mode      SYNC (wait for each ACK) or ASYNC (stream)
 * @param length    message payload in bytes, 0 to 64 MiB
 * @param numConn   connections, 1 to 128
 * @param duration  measured test duration (after warm-up), 1 ms to 24 h
 * @param interval  statistics interval, 100 ms to 1 h
 * @param write     the server writes each message to its file and forces it to disk before the ACK
 * @param sockbuf   SO_SNDBUF/SO_RCVBUF to request at both ends; 0 = system default
 * @param rate      open-loop pacing in messages per second over all connections; 0 = closed loop
 * @param warmup    warm-up before the measured duration, excluded from the summary; 0 to 1 h
 * @param payload   what the messages hold (random: every message new, as redo is)
 * @param reverse   the server sends and the client receives (iperf3's -R; async only): redo after a switchover
 * @param senderTcp a reverse test's server sends its socket's TCP_INFO every interval (this release's clients ask)
 */
public record TestParams(Mode mode, long length, int numConn, Duration duration, Duration interval,
        boolean write, long sockbuf, double rate, Duration warmup, Payload payload,
        boolean reverse, boolean senderTcp)
        implements SessionSpec {

    public static final int MAX_CONNECTIONS = 128;
    public static final long MAX_SOCKBUF = 512L * 1024 * 1024;
    public static final double MAX_RATE = 10_000_000;
    /** The longest run any kind accepts (tests and bulk), on the command line and on the wire. */
    public static final Duration MAX_DURATION = Duration.ofDays(1);
    private static final Pattern MODE = Pattern.compile("sync|async");

    public TestParams {
        if (mode == null) {
            throw new BadParameterException("mode", "is missing");
        }
        check("length", length, 0, Frames.MAX_DATA_LENGTH);
        check("num_conn", numConn, 1, MAX_CONNECTIONS);
        checkDuration("duration", duration, Duration.ofMillis(1), MAX_DURATION);
        checkDuration("interval", interval, Duration.ofMillis(100), Duration.ofHours(1));
        check("sockbuf", sockbuf, 0, MAX_SOCKBUF);
        if (!(rate >= 0 && rate <= MAX_RATE)) {
            throw new BadParameterException("rate", rate + " is out of range [0, " + (long) MAX_RATE + "] messages/s");
        }
        checkDuration("warmup", warmup, Duration.ZERO, Duration.ofHours(1));
        if (payload == null) {
            throw new BadParameterException("payload", "is missing");
        }
        if (reverse && (mode != Mode.ASYNC || write)) {
            throw new BadParameterException("reverse", "the server sends in async mode only, without --write (give "
                    + "--mode async)");
        }
        if (senderTcp && !reverse) {
            throw new BadParameterException("sender_tcp", "only a reverse test's server sends");
        }
        if (reverse && payload.type() == Payload.Type.FILE) {
            throw new BadParameterException("reverse", "a file payload is this host's: the server cannot send it");
        }
    }

    /** The same test with {@code content}. */
    public TestParams withPayload(Payload content) {
        return toBuilder().payload(content).build();
    }

    /** The same test with the server sending ({@code true}) or the client. */
    public TestParams withReverse(boolean serverSends) {
        return toBuilder().reverse(serverSends).build();
    }

    /** oratcptest's defaults: SYNC, 1 MiB, one connection, 10 s, 1 s intervals. */
    public static TestParams defaults() {
        return builder(Mode.SYNC).build();
    }

    /** A test of {@code mode} with oratcptest's defaults for the rest, set by name; {@link Builder#build} checks it. */
    public static Builder builder(Mode mode) {
        return new Builder(mode);
    }

    /** This test's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(mode).length(length).connections(numConn).duration(duration).interval(interval)
                .write(write).sockbuf(sockbuf).rate(rate).warmup(warmup).payload(payload).reverse(reverse);
    }

    /** A test's values set by name (oratcptest's defaults until set); {@link #build} ends in the checked record. */
    public static final class Builder {
        private final Mode mode;
        private long length = 1024 * 1024;
        private int numConn = 1;
        private Duration duration = Duration.ofSeconds(10);
        private Duration interval = Duration.ofSeconds(1);
        private boolean write;
        private long sockbuf;
        private double rate;
        private Duration warmup = Duration.ZERO;
        private Payload payload = Payload.RANDOM;
        private boolean reverse;

        private Builder(Mode mode) {
            this.mode = mode;
        }

        /** Bytes per message (0: an empty message, a round trip). */
        public Builder length(long bytes) {
            this.length = bytes;
            return this;
        }

        public Builder connections(int n) {
            this.numConn = n;
            return this;
        }

        public Builder duration(Duration d) {
            this.duration = d;
            return this;
        }

        public Builder interval(Duration d) {
            this.interval = d;
            return this;
        }

        /** The server writes each message to disk before its ACK (AFFIRM). */
        public Builder write(boolean forced) {
            this.write = forced;
            return this;
        }

        /** Socket buffer size asked for (0: the OS's default). */
        public Builder sockbuf(long bytes) {
            this.sockbuf = bytes;
            return this;
        }

        /** Messages per second over all connections (0: as fast as they go). */
        public Builder rate(double messagesPerSecond) {
            this.rate = messagesPerSecond;
            return this;
        }

        public Builder warmup(Duration d) {
            this.warmup = d;
            return this;
        }

        public Builder payload(Payload p) {
            this.payload = p;
            return this;
        }

        /** The server sends (a reverse test). */
        public Builder reverse(boolean serverSends) {
            this.reverse = serverSends;
            return this;
        }

        /** The checked record: a {@link BadParameterException} names a value out of range. */
        public TestParams build() {
            return new TestParams(mode, length, numConn, duration, interval, write, sockbuf, rate, warmup, payload,
                    reverse, reverse); // a reverse test asks for the sender's TCP_INFO every interval
        }
    }

    public boolean openLoop() {
        return rate > 0;
    }

    @Override
    public int connections() {
        return numConn;
    }

    @Override
    public Duration expectedDuration() {
        return totalDuration();
    }

    @Override
    public String kind() {
        return "test";
    }

    @Override
    public String describe() {
        return mode + (reverse ? " reverse (server sends)" : "") + ", " + numConn + " connection(s), " + length
                + "-byte messages" + (write ? ", disk write" : "")
                + (payload.type() == Payload.Type.RANDOM ? "" : ", payload " + payload)
                + ", " + totalDuration().toMillis() / 1000.0 + " s";
    }

    /** Warm-up plus measured duration: how long data flows. */
    public Duration totalDuration() {
        return warmup.plus(duration);
    }

    /** The JSON form used on the wire (HELLO) and in results ({@code params}). */
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("mode", mode.wireName());
        n.put("length", length);
        n.put("num_conn", numConn);
        n.put("duration_s", duration.toNanos() / 1e9);
        n.put("interval_s", interval.toNanos() / 1e9);
        n.put("write", write);
        n.put("sockbuf", sockbuf);
        n.put("rate", rate);
        n.put("warmup_s", warmup.toNanos() / 1e9);
        n.put("payload", payload.toString());
        if (reverse) {
            n.put("reverse", true);
        }
        if (senderTcp) {
            n.put("sender_tcp", true);
        }
        return n;
    }

    /** Reads and validates the JSON form; wrong types and ranges are {@link BadParameterException}s. */
    public static TestParams fromJson(ObjectNode n) {
        return new TestParams(
                Mode.parse(Json.requireString(n, "mode", MODE)),
                Json.requireLong(n, "length", 0, Frames.MAX_DATA_LENGTH),
                Json.requireInt(n, "num_conn", 1, MAX_CONNECTIONS),
                seconds(n, "duration_s", MAX_DURATION.toSeconds()),
                seconds(n, "interval_s", 3_600),
                Json.requireBoolean(n, "write"),
                Json.requireLong(n, "sockbuf", 0, MAX_SOCKBUF),
                Json.requireDouble(n, "rate", 0, MAX_RATE),
                seconds(n, "warmup_s", 3_600),
                n.has("payload") ? Payload.parse(Json.requireString(n, "payload", BulkParams.PAYLOAD)) : Payload.RANDOM,
                n.has("reverse") && Json.requireBoolean(n, "reverse"),
                n.has("sender_tcp") && Json.requireBoolean(n, "sender_tcp")); // absent from an older client
    }

    private static Duration seconds(ObjectNode n, String field, double max) {
        return Duration.ofNanos(Math.round(Json.requireDouble(n, field, 0, max) * 1e9));
    }

    private static void check(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new BadParameterException(name, value + " is out of range [" + min + ", " + max + "]");
        }
    }

    private static void checkDuration(String name, Duration d, Duration min, Duration max) {
        if (d == null) {
            throw new BadParameterException(name, "is missing");
        }
        if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw new BadParameterException(name, d.toMillis() + " ms is out of range [" + min.toMillis()
                    + " ms, " + max.toMillis() + " ms]");
        }
    }
}
