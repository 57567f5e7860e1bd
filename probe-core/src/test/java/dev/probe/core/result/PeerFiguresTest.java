package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Ending;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.tcp.TcpInfo;
import org.junit.jupiter.api.Test;

/**
 * Issue 57: figures a peer sends are checked before they are printed. An unauthenticated server's TCP frames once
 * made the client print "Retrans -1000000" and "1000000000 of 1 segments (100000000000.0000 %)", and a READY stamped
 * 1 a 57-year clock offset.
 */
class PeerFiguresTest {
    private static TcpInfo counters(long retrans, long segs) {
        return new TcpInfo(10_000, 10_000, 10, 1448, retrans, segs, 0, 1 << 20, 1500, TcpInfo.Limits.NONE, 0, 0);
    }

    @Test
    void countersThatRunBackwardsOrCountMoreRetransmitsThanSegmentsAreNotFigures() {
        assertNull(TcpStats.between(counters(1_000_000, 5_000), counters(0, 6_000), "cubic"), "retransmits backwards");
        assertNull(TcpStats.between(counters(0, 5_000), counters(0, 10), "cubic"), "segments backwards");
        assertNull(TcpStats.between(null, counters(1_000_000_000, 1), "cubic"), "more retransmits than segments");
        TcpStats fine = TcpStats.between(counters(3, 5_000), counters(8, 6_000), "cubic");
        assertNotNull(fine);
        assertTrue(fine.retransmits() == 5 && fine.segmentsSent() == 1000, fine.toString());
    }

    @Test
    void aRoundTripOrMssBeyondWhatTcpCanReportIsRefused() {
        ObjectNode t = Ending.tcpJson(counters(0, 10), "cubic");
        t.put("rtt_us", 1_000_000_000_000L);
        Exception e = assertThrows(RuntimeException.class, () -> Ending.tcpFrom(t));
        assertTrue(e instanceof ProtocolException || e instanceof BadParameterException, e.toString());
        ObjectNode m = Ending.tcpJson(counters(0, 10), "cubic");
        m.put("mss", 1_000_000);
        assertThrows(RuntimeException.class, () -> Ending.tcpFrom(m));
    }

    @Test
    void aStampOutsideTwoCenturiesIsNoClock() {
        assertFalse(ClockOffset.plausible(1), "1970 and a microsecond: a broken or hostile peer");
        assertFalse(ClockOffset.plausible(0), "not sent");
        assertFalse(ClockOffset.plausible(9_000_000_000_000_000L), "the year 2255");
        assertTrue(ClockOffset.plausible(ClockOffset.nowMicros()));
    }
}
