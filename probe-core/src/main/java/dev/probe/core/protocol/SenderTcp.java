package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.tcp.TcpInfo;

/**
 * TCP frame: in a reverse test whose client asked for it ({@code sender_tcp}), the server's sending socket's
 * TCP_INFO (life-long counters, RTT, window, why it was limited) every interval, so the receiving client's
 * intervals carry the sender's view as the summary does from RESULT.
 *
 * @param tcp        the sending socket's TCP_INFO now
 * @param congestion its congestion control, or null
 */
public record SenderTcp(TcpInfo tcp, String congestion) {
    public ControlFrame frame() {
        ObjectNode n = Json.object();
        n.set("tcp", Ending.tcpJson(tcp, congestion));
        return new ControlFrame(FrameType.TCP, n);
    }

    /** The frame's body read back, every count bounded. */
    public static SenderTcp from(ObjectNode n) {
        ObjectNode t = Json.requireObject(n, "tcp");
        return new SenderTcp(Ending.tcpFrom(t), Ending.congestionFrom(t));
    }
}
