package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.Relayed;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The AGENT frames between a coordinator and an agent (docs/PROTOCOL.md, "Agents"), each a JSON object whose
 * {@code op} says what it is: {@code clock} (a timestamp sample, both ways), {@code open} (open the legs' sessions),
 * {@code ready} (from the agent: they are open), {@code start} (the instant, in the agent's clock), {@code ping}, and
 * from the agent {@code interval}, {@code relayed} (a relay's RELAYED frame, heard
 * by a relayed leg), {@code done} and {@code failed}. Times are
 * microseconds since the epoch on the clock of whoever wrote them.
 */
public final class AgentMessages {
    /** What an AGENT frame is; on the wire in lower case. */
    public enum Op {
        CLOCK, OPEN, READY, START, PING, INTERVAL, RELAYED, DONE, FAILED;

        /** The {@code op} as written. */
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern OP = Pattern.compile(
            Arrays.stream(Op.values()).map(Op::wire).collect(Collectors.joining("|")));
    private static final long MAX_MICROS = Long.MAX_VALUE / 4;

    private AgentMessages() {
    }

    /** Now, in microseconds since the epoch, on this host's clock. */
    public static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /** The {@code op} of an AGENT frame. */
    public static Op op(ControlFrame frame) {
        if (frame.type() != FrameType.AGENT) {
            throw new BadParameterException("frame", "expected AGENT, got " + frame.type());
        }
        return Op.valueOf(Json.requireString(frame.body(), "op", OP).toUpperCase(Locale.ROOT));
    }

    public static long micros(ObjectNode body, String field) {
        return Json.requireLong(body, field, 0, MAX_MICROS);
    }

    static ControlFrame frame(Op op, ObjectNode body) {
        body.put("op", op.wire());
        return new ControlFrame(FrameType.AGENT, body);
    }

    /** Coordinator to agent: a clock sample sent at {@code t0}. */
    public static ControlFrame clockRequest(long t0) {
        ObjectNode n = Json.object();
        n.put("t0", t0);
        return frame(Op.CLOCK, n);
    }

    /** Agent to coordinator: the sample, received at {@code t1} and answered at {@code t2} (agent's clock). */
    static ControlFrame clockReply(long t0, long t1, long t2) {
        ObjectNode n = Json.object();
        n.put("t0", t0);
        n.put("t1", t1);
        n.put("t2", t2);
        return frame(Op.CLOCK, n);
    }

    /** Coordinator to agent: open every leg's session (connect, handshake, join its channels) and wait. */
    public static ControlFrame open() {
        return frame(Op.OPEN, Json.object());
    }

    /** Agent to coordinator: every leg's session is open; the legs wait for the start. */
    static ControlFrame ready() {
        return frame(Op.READY, Json.object());
    }

    /** Coordinator to agent: start the run at {@code atMicros} on the agent's clock. */
    public static ControlFrame start(long atMicros) {
        ObjectNode n = Json.object();
        n.put("at", atMicros);
        return frame(Op.START, n);
    }

    public static ControlFrame ping() {
        return frame(Op.PING, Json.object());
    }

    /** Agent to coordinator: interval {@code index} of its run. */
    static ControlFrame interval(int index, HostInterval interval) {
        ObjectNode n = Json.object();
        n.put("i", index);
        interval.putTo(n);
        return frame(Op.INTERVAL, n);
    }

    /** Agent to coordinator: what the relay a relayed leg reaches forwarded, as its RELAYED frame said. */
    static ControlFrame relayed(Relayed r) {
        ObjectNode n = Json.object();
        n.set("relayed", r.frame().body());
        return frame(Op.RELAYED, n);
    }

    /**
     * Agent to coordinator: the run ended; {@code startedMicros} is when its data phase began (agent's clock) and
     * {@code intervals} how many interval frames it sent (the coordinator waits for them all).
     */
    static ControlFrame done(long startedMicros, int intervals, HostSummary s) {
        ObjectNode n = Json.object();
        n.put("started", startedMicros);
        n.put("intervals", intervals);
        n.set("summary", s.toJson());
        return frame(Op.DONE, n);
    }

    static ControlFrame failed(String message) {
        ObjectNode n = Json.object();
        n.put("message", message == null ? "failed" : message);
        return frame(Op.FAILED, n);
    }
}
