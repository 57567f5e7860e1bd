package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import org.junit.jupiter.api.Test;

/** The lab's per-flow policer: a token bucket per 5-tuple that drops, never queues. */
class FlowPolicerTest {
    private static Memory packet(int srcPort) {
        Memory m = new Memory(1500);
        m.clear();
        m.setByte(0, (byte) 0x45);
        m.setByte(9, (byte) 6);
        m.setInt(12, 0x0afc0001);
        m.setInt(16, 0x0afc0002);
        m.setShort(20, (short) srcPort);
        m.setShort(22, (short) 5555);
        return m;
    }

    @Test
    void eachFlowGetsItsRateAndTheRestIsDropped() {
        FlowPolicer p = new FlowPolicer(12_000_000, 15_000); // 1.5 MB/s, ten 1500-byte packets of burst
        Memory a = packet(40000);
        Memory b = packet(40001);
        long now = 1_000_000_000L;
        int admittedA = 0;
        int admittedB = 0;
        // one second of 1500-byte packets at 3 MB/s from each flow: twice the policed rate
        for (int i = 0; i < 2000; i++) {
            long t = now + i * 500_000L;
            admittedA += p.admits(Pointer.nativeValue(a), 1500, t) ? 1 : 0;
            admittedB += p.admits(Pointer.nativeValue(b), 1500, t) ? 1 : 0;
        }
        assertTrue(Math.abs(admittedA - 1010) <= 2, "1.5 MB/s of 1500-byte packets plus the burst: " + admittedA);
        assertEquals(admittedA, admittedB, "a second flow has a bucket of its own");
    }

    @Test
    void theFlowKeyIsTheFiveTuple() {
        long a = FlowPolicer.flow(Pointer.nativeValue(packet(40000)), 1500);
        assertEquals(a, FlowPolicer.flow(Pointer.nativeValue(packet(40000)), 1500));
        assertNotEquals(a, FlowPolicer.flow(Pointer.nativeValue(packet(40001)), 1500));
    }
}
