package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.tcp.TcpInfo;
import java.util.regex.Pattern;

/**
 * RELAYED frame: a relay (an agent forwarding a test as a Far Sync or cascading standby forwards redo) tells the
 * test's client how one next hop is doing, every interval and once more, final, before RESULT.
 *
 * @param to                 the next hop, {@code host:port}
 * @param micros             the relay's time from the test's first data to its latest: the time the client sent
 * @param forwardedBytes     bytes the relay wrote to the next hop, frame headers included (as TCP counts them)
 * @param forwardedMessages  messages the relay wrote to the next hop
 * @param heldMessages       messages received but not forwarded: over what the next hop carries in production
 *                           (the hop's share of the peak redo, compressed where it compresses)
 * @param behindMessages     messages received but not forwarded because the next hop's connection was full: the
 *                           next hop falls behind (a Far Sync's ASYNC transport would send them later from its logs;
 *                           the relay neither holds them in memory nor stops acknowledging its client)
 * @param tcp                the relay's socket to the next hop: TCP_INFO now (bytes acked, RTT, retransmits), or
 *                           null where unreadable
 * @param delivered          the next hop's RESULT: bytes it received, frame headers excluded; -1 until the final frame
 */
public record Relayed(String to, long micros, long forwardedBytes, long forwardedMessages, long heldMessages,
        long behindMessages, TcpInfo tcp, long delivered) {

    private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9._:\\-\\[\\]%]{1,260}");

    /** True on the frame sent after the next hop's RESULT. */
    public boolean last() {
        return delivered >= 0;
    }

    public ControlFrame frame() {
        ObjectNode n = Json.object();
        n.put("to", to);
        n.put("t_us", micros);
        n.put("forwarded_bytes", forwardedBytes);
        n.put("forwarded_messages", forwardedMessages);
        n.put("held_messages", heldMessages);
        n.put("behind_messages", behindMessages);
        n.put("delivered", delivered);
        if (tcp != null) {
            n.set("tcp", Ending.tcpJson(tcp, null));
        }
        return new ControlFrame(FrameType.RELAYED, n);
    }

    /** The frame's body read back, every count bounded. */
    public static Relayed from(ObjectNode n) {
        return new Relayed(Json.requireString(n, "to", HOST_PORT),
                Json.requireLong(n, "t_us", 0, Frames.MAX_COUNT),
                Json.requireLong(n, "forwarded_bytes", 0, Frames.MAX_COUNT),
                Json.requireLong(n, "forwarded_messages", 0, Frames.MAX_COUNT),
                Json.requireLong(n, "held_messages", 0, Frames.MAX_COUNT),
                Json.requireLong(n, "behind_messages", 0, Frames.MAX_COUNT),
                n.has("tcp") ? Ending.tcpFrom(Json.requireObject(n, "tcp")) : null,
                Json.requireLong(n, "delivered", -1, Frames.MAX_COUNT));
    }
}
