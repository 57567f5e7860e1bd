package dev.probe.core.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.tcp.TcpInfo;
import org.junit.jupiter.api.Test;

/** The TCP frame a reverse test's server sends every interval: read back as written, every count bounded. */
class SenderTcpTest {
    private static final TcpInfo SENT = new TcpInfo(10_400, 10_100, 420, 1448, 17, 90_000, 24_616, 130_000_000, 1500,
            new TcpInfo.Limits(5_000_000, 250_000, 0), 6, 12);

    @Test
    void aFrameReadsBackAsItWasWritten() {
        ControlFrame f = new SenderTcp(SENT, "cubic").frame();
        assertEquals(FrameType.TCP, f.type());
        SenderTcp back = SenderTcp.from(f.body());
        assertEquals(SENT, back.tcp());
        assertEquals("cubic", back.congestion());
        assertEquals(17, FrameType.TCP.code());
    }

    @Test
    void aNegativeOrMissingCountIsRefusedNamingIt() {
        ObjectNode body = new SenderTcp(SENT, null).frame().body();
        ((ObjectNode) body.get("tcp")).put("total_retrans", -1);
        assertEquals("total_retrans", assertThrows(BadParameterException.class, () -> SenderTcp.from(body))
                .parameter());
        ObjectNode empty = Json.object();
        assertEquals("tcp", assertThrows(BadParameterException.class, () -> SenderTcp.from(empty)).parameter());
    }
}
