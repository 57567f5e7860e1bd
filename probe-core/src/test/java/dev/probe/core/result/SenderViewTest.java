package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.probe.core.protocol.Ending;
import dev.probe.core.tcp.TcpInfo;
import org.junit.jupiter.api.Test;

/**
 * Issue 42, point 5: in a reverse test the server sends, so the sender's TCP facts are its own; it reports them
 * since the warm-up in its RESULT, and the client's summary carries them.
 */
class SenderViewTest {
    private static final TcpInfo AT_MARK = new TcpInfo(21_000, 20_000, 30, 1448, 12, 2_000, 17_376, 2_000_000, 1500,
            new TcpInfo.Limits(900_000, 100_000, 0), 3, 1);
    private static final TcpInfo AT_END = new TcpInfo(24_000, 20_000, 44, 1448, 112, 102_000, 162_176, 140_000_000,
            1500, new TcpInfo.Limits(9_900_000, 100_000, 4_500_000), 5, 4);

    @Test
    void theSendersWindowIsWhatHappenedSinceTheWarmUp() {
        TcpInfo window = AT_END.since(AT_MARK);
        assertEquals(100, window.totalRetrans());
        assertEquals(100_000, window.segsOut());
        assertEquals(138_000_000, window.bytesAcked());
        assertEquals(new TcpInfo.Limits(9_000_000, 0, 4_500_000), window.limits());
        assertEquals(24_000, window.rttUs(), "RTT as it is now");
        assertEquals(3, window.reordSeen());
        TcpStats s = TcpStats.between(null, window, "cubic");
        assertEquals(0.001, s.retransmitRatio(), 1e-12);
        assertEquals(0.5, s.limited().sendBuffer(), 1e-12);
    }

    @Test
    void theServersResultCarriesItWholeAcrossTheWire() {
        Ending.Result sent = new Ending.Result(0, 0, 0, 0, 1_000_000, 0, null, null, null)
                .withServerTcp(AT_END.since(AT_MARK), "bbr");
        Ending.Result got = Ending.Result.from(sent.frame().body());
        assertEquals(AT_END.since(AT_MARK), got.serverTcp());
        assertEquals("bbr", got.serverCongestion());
    }
}
