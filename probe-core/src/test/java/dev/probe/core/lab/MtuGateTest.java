package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.probe.core.protocol.BadParameterException;
import org.junit.jupiter.api.Test;

/**
 * The lab's narrower hop (which packets it stops, and the ICMP "fragmentation needed" it sends back) and its
 * equal-cost paths.
 */
class MtuGateTest {
    /** An IPv4/TCP packet of {@code total} bytes from 10.0.0.1:40000 to 10.0.0.2:5555, behind {@code header} bytes. */
    private static Memory packet(int header, int total, boolean df) {
        Memory m = new Memory(header + Math.max(total, 60));
        m.clear();
        m.setByte(header, (byte) 0x45);
        m.setByte(header + 2, (byte) (total >> 8));
        m.setByte(header + 3, (byte) total);
        m.setByte(header + 6, (byte) (df ? 0x40 : 0));
        m.setByte(header + 8, (byte) 64);
        m.setByte(header + 9, (byte) 6);
        m.write(header + 12, new byte[] {10, 0, 0, 1, 10, 0, 0, 2}, 0, 8);
        m.write(header + 20, new byte[] {(byte) 0x9c, 0x40, 0x15, (byte) 0xb3, 1, 2, 3, 4}, 0, 8); // ports, seq
        m.setByte(header + 32, (byte) 0x80); // data offset 32 bytes (timestamps)
        return m;
    }

    @Test
    void aPacketOverThePathMtuWithDfIsStoppedAndOneThatFitsIsNot() {
        MtuGate gate = new MtuGate(1500, 0);
        Memory big = packet(0, 9000, true);
        assertTrue(gate.tooBig(big, 9000));
        assertTrue(gate.dontFragment(big));
        assertFalse(gate.tooBig(packet(0, 1500, true), 1500), "1500 bytes pass a 1500-byte path");
        assertFalse(gate.dontFragment(packet(0, 9000, false)), "without DF a router fragments instead");
    }

    @Test
    void aGsoAggregateIsJudgedByTheSegmentsItBecomes() {
        int header = 10;
        Memory agg = packet(header, 26_000, true);
        agg.setByte(1, (byte) 1); // VIRTIO_NET_HDR_GSO_TCPV4
        agg.setByte(4, (byte) (1448 & 0xFF)); // gso_size 1448, little-endian
        agg.setByte(5, (byte) (1448 >> 8));
        assertEquals(20 + 32 + 1448, MtuGate.wireSize(agg, header, header + 26_000), "1500-byte segments");
        assertFalse(new MtuGate(1500, header).tooBig(agg, header + 26_000), "an aggregate of 1500s passes");
        agg.setByte(4, (byte) (8948 & 0xFF));
        agg.setByte(5, (byte) (8948 >> 8));
        assertTrue(new MtuGate(1500, header).tooBig(agg, header + 26_000), "an aggregate of 9000s does not");
    }

    @Test
    void theAnswerIsAValidIcmpFragmentationNeededToTheSenderNamingTheMtu() {
        int header = 10;
        MtuGate gate = new MtuGate(1500, header);
        int n = gate.fragNeeded(packet(header, 9000, true), header + 9000);
        Pointer icmp = gate.icmp();
        assertEquals(header + 20 + 8 + 28, n, "IP header, ICMP header, the packet's IP header and 8 bytes");
        for (int i = 0; i < header; i++) {
            assertEquals(0, icmp.getByte(i), "a plain packet for the device: no GSO, no checksum offload");
        }
        assertEquals(1, icmp.getByte(header + 9), "ICMP");
        assertEquals(2, icmp.getByte(header + 15), "from the packet's destination");
        assertEquals(1, icmp.getByte(header + 19), "to its source");
        assertEquals(0, gate.checksum(header, 20), "IP header checksum");
        assertEquals(3, icmp.getByte(header + 20), "destination unreachable");
        assertEquals(4, icmp.getByte(header + 21), "fragmentation needed");
        assertEquals(1500, (icmp.getByte(header + 26) & 0xFF) << 8 | icmp.getByte(header + 27) & 0xFF, "next-hop MTU");
        assertEquals((byte) 0x9c, icmp.getByte(header + 48), "the quoted TCP ports and sequence");
        assertEquals(0, gate.checksum(header + 20, 8 + 28), "ICMP checksum");
    }

    @Test
    void aPathMtuMustLieBelowTheEndsAndDroppingIcmpNeedsOne() {
        LinkSpec spec = LinkSpec.builder().mtu(9000).pathMtu(1500).icmpBlocked(true).build();
        assertEquals(1500, spec.toward(true).pathMtu());
        assertFalse(spec.toward(false).icmpPassed(), "both ways");
        assertTrue(spec.describe().contains("path MTU 1500 with ICMP 'fragmentation needed' dropped"), spec.describe());
        BadParameterException same = assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().mtu(1500).pathMtu(1500).build());
        assertEquals("path-mtu", same.parameter());
        assertThrows(BadParameterException.class, () -> LinkSpec.builder().mtu(9000).pathMtu(500).build());
        assertEquals("icmp", assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().icmpBlocked(true).build()).parameter());
        assertEquals(1400, SiteLinkSpec.parse("a:b,mtu=9000,path-mtu=1400,icmp=drop").spec().pathMtu());
    }

    @Test
    void equalCostPathsSpreadEachNewFlowToTheNextAndDelayTheDataDirectionOnly() {
        LinkSpec spec = LinkSpec.builder().ecmp(2, 20).build();
        assertEquals(2, spec.toward(true).ecmpPaths());
        assertEquals(20_000_000, spec.toward(true).pathDelayNanos(1), "the slowest path: the whole spread");
        assertEquals(0, spec.toward(true).pathDelayNanos(0));
        assertEquals(1, spec.toward(false).ecmpPaths(), "the acks take one path");
        assertEquals("ecmp-spread-ms", assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().ecmp(1, 5).build()).parameter(), "a spread needs two paths");
        assertEquals("ecmp-paths", assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().ecmp(9, 5).build()).parameter());
        EcmpPaths paths = new EcmpPaths(2);
        Memory a = packet(0, 60, true);
        Memory b = packet(0, 60, true);
        b.setByte(21, (byte) 0x41); // another source port
        assertEquals(0, paths.path(Pointer.nativeValue(a), 60));
        assertEquals(1, paths.path(Pointer.nativeValue(b), 60), "the next flow, the next path");
        assertEquals(0, paths.path(Pointer.nativeValue(a), 60), "a flow keeps its path");
        assertEquals(2, SiteLinkSpec.parse("a:b,ecmp=2:20").spec().ecmpPaths());
    }
}
