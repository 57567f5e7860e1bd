package dev.probe.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Ending;
import dev.probe.core.tcp.TcpInfo;
import org.junit.jupiter.api.Test;

/** Issue 42, point 3: TCP_INFO's reordering counters in every interval and summary, and a line naming them. */
class TcpReorderingTest {
    private static TcpInfo reading(long reordering, long reordSeen) {
        return new TcpInfo(10_000, 10_000, 10, 1448, 0, 1000, 0, 1 << 20, 1500, TcpInfo.Limits.NONE, reordering,
                reordSeen);
    }

    @Test
    void aWindowCountsTheEventsSeenInItAndTheDegreeReachedAtItsEnd() {
        TcpStats s = TcpStats.between(reading(3, 4), reading(12, 41), "cubic");
        assertEquals(37, s.reorderEvents());
        assertEquals(12, s.reordering());
        ObjectNode json = s.toJson();
        assertEquals(37, json.at("/reordering/events").asLong());
        assertEquals(12, json.at("/reordering/degree").asLong());
        String line = s.reorderingWarning();
        assertTrue(line.startsWith("the path reorders segments: TCP saw 37 reordering events and now tolerates 12 "
                + "segments out of order"), line);
    }

    @Test
    void aPathInOrderIsNotNamedAndAReadingWithoutTheCountersWritesNone() {
        TcpStats inOrder = TcpStats.between(null, reading(3, 0), "cubic");
        assertNull(inOrder.reorderingWarning());
        assertEquals(0, inOrder.toJson().at("/reordering/events").asLong());
        TcpStats unread = TcpStats.between(null, new TcpInfo(1, 1, 1, 1448, 0, 1, 0, 0, 0, TcpInfo.Limits.NONE), null);
        assertFalse(unread.toJson().has("reordering"), "0: not read, so not written as 'no reordering'");
    }

    @Test
    void aFewEventsAmongManySegmentsAreNotThePath() {
        // issue 56: the README's demo on loopback, 16 events in 166,011 segments (the CPUs' receive backlogs)
        TcpStats loopback = new TcpStats(0.6, 0.002, 7, 166_011, 7 / 166_011.0, 92, 65483, "bbr", 1L << 30, 0,
                null, 16, 24);
        assertNull(loopback.reorderingWarning(), "loopback cannot reorder");
        // a CI run's loaded machine counted 106 in 163,658 (0.065 %) on loopback: a connection that never leaves the
        // host is not named whatever TCP counted
        TcpStats busy = new TcpStats(0.6, 0.002, 7, 163_658, 0, 92, 65483, "bbr", 1L << 30, 0, null, 106, 32);
        assertTrue(busy.reorders());
        assertNull(busy.reorderingWarning("127.0.0.1"));
        assertNull(busy.reorderingWarning("localhost"));
        assertTrue(TcpStats.hostInternal("127.0.0.2"));
        assertFalse(TcpStats.hostInternal("192.0.2.1"), "TEST-NET-1 is no address of this host");
        assertTrue(busy.reorderingWarning("192.0.2.1").startsWith("the path reorders segments"));
        // the lab overtaking 1 % of packets: 276 in 105,084
        TcpStats lab = new TcpStats(10, 10, 0, 105_084, 0, 92, 1448, "cubic", 1L << 30, 0, null, 276, 6);
        assertTrue(lab.reorderingWarning().contains("TCP saw 276 reordering events in 105084 segments (0.263 %)"),
                lab.reorderingWarning());
    }

    @Test
    void connectionsAddTheirEventsAndKeepTheLargestDegree() {
        TcpInfo sum = reading(3, 2).plus(reading(9, 5));
        assertEquals(9, sum.reordering());
        assertEquals(7, sum.reordSeen());
    }

    @Test
    void theServersReadingCrossesTheWireWithItsCounters() {
        Ending.Result sent = new Ending.Result(1, 1, 1, 1, 0, 0, reading(7, 11), "cubic", null);
        Ending.Result got = Ending.Result.from(sent.frame().body());
        assertEquals(7, got.serverTcp().reordering());
        assertEquals(11, got.serverTcp().reordSeen());
    }
}
