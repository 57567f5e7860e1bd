package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab's plain values: link spec, topology, sweep plan and its capacity scaling, the packet ring. */
class LabModelTest {
    @Test
    void reorderingAppliesToTheDataDirectionAndIsBounded() {
        LinkSpec spec = LinkSpec.builder().rttMs(10).reorderPct(2).build();
        assertEquals(0.02, spec.toward(true).reorder(), 1e-12, "backup: data towards the server");
        assertEquals(0, spec.toward(false).reorder());
        assertTrue(spec.describe().endsWith(", 2 % overtaken by the next one"), spec.describe());
        assertFalse(LinkSpec.builder().build().describe().contains("overtaken"));
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().reorderPct(60).build());
        assertTrue(e.getMessage().contains("reorder-pct"), e.getMessage());
        assertEquals(0.5, SiteLinkSpec.parse("a:b,rtt-ms=1,reorder-pct=0.5").spec().reorderPct(), 1e-12);
    }

    @Test
    void linkSpecSplitsTheDelayAndLosesOnlyInTheDataDirection() {
        LinkSpec backup = LinkSpec.builder().rttMs(20).lossPct(0.5).build();
        assertEquals(10_000_000L, backup.toward(true).delayNanos());
        assertEquals(10_000_000L, backup.toward(false).delayNanos());
        assertEquals(0.005, backup.toward(true).loss(), 1e-12);
        assertEquals(0, backup.toward(false).loss());
        LinkSpec restore = backup.withCell(20, 0.5, Direction.RESTORE);
        assertEquals(0, restore.toward(true).loss());
        assertEquals(0.005, restore.toward(false).loss(), 1e-12);
        LinkSpec both = LinkSpec.builder().rttMs(20).lossPct(1).lossBoth(true).build();
        assertEquals(0.01, both.toward(false).loss(), 1e-12);
        assertEquals(187_500, backup.limitPackets(), "netem-plan's limit at 10 Gbit/s");
        assertEquals(18_750, LinkSpec.builder().rateBps(1_000_000_000L).build().limitPackets());
        assertEquals(500, LinkSpec.builder().mtu(9000).limit(500).build().limitPackets());
        Impairment gbit = new Impairment(0, 0, 1_000_000_000L, 6000, 10);
        assertEquals(12_000, gbit.serializationNanos(1500), "1500 bytes at 1 Gbit/s take 12 us");
        assertEquals(48_000, gbit.burstNanos(), "a 6000-byte bucket holds 48 us");
        assertEquals(0, new Impairment(0, 0, 0, 0, 1).serializationNanos(1500), "no cap, no wait");
    }

    @Test
    void badLinkValuesNameThemselves() {
        assertTrue(assertThrows(BadParameterException.class,
                () -> LinkSpec.builder().rttMs(10).mtu(1400).build()).getMessage().startsWith("mtu: 1400"));
        assertThrows(BadParameterException.class, () -> LinkSpec.builder().rttMs(-1).build());
        assertThrows(BadParameterException.class, () -> LinkSpec.builder().rttMs(1).lossPct(100.5).build());
        assertThrows(BadParameterException.class, () -> LinkSpec.builder().rttMs(1).unitSegments(0).build());
        assertThrows(BadParameterException.class, () -> LinkSpec.builder().rttMs(1).direction(null).build());
    }

    @Test
    void topologyAddressesAndNames() {
        LabTopology t = LabTopology.defaults();
        assertEquals("probe-client", t.clientNamespace());
        assertEquals("10.250.77.1", t.clientAddress());
        assertEquals("10.250.77.2", t.serverAddress());
        assertEquals("probes", t.serverDevice());
        assertThrows(BadParameterException.class, () -> new LabTopology("Bad", "10.0.0.0/30"));
        assertThrows(BadParameterException.class, () -> new LabTopology("ok", "8.8.8.0/30"));
        assertThrows(BadParameterException.class, () -> new LabTopology("ok", "10.0.0.2/30"));
        assertThrows(BadParameterException.class, () -> new LabTopology("ok", "10.0.0.0/24"));
        assertThrows(BadParameterException.class, () -> new LabTopology("averyverylongname", "10.0.0.0/30"));
    }

    @Test
    void sweepScalesChannelsByRate() {
        SweepPlan p = new SweepPlan(List.of(10.0, 50.0), List.of(0.0, 0.1), Direction.BACKUP, 35, 1, true,
                1_000_000_000L);
        assertEquals(4, p.channels(), "35 x 1/10, rounded");
        assertEquals(8.75, p.channelScale(), 1e-9);
        assertEquals(4, p.cells().size());
        assertEquals("rtt50-loss0.1", p.cells().get(3).label());
        assertTrue(p.scalingNote().contains("x 8.750"));
        SweepPlan unscaled = new SweepPlan(List.of(10.0), List.of(0.0), Direction.RESTORE, 35, 3, false, 0);
        assertEquals(35, unscaled.channels());
        assertEquals(1, unscaled.channelScale());
        assertEquals(3, unscaled.totalRuns());
        assertTrue(unscaled.comparable());
        SweepPlan eight = new SweepPlan(List.of(40.0), List.of(0.1), Direction.BACKUP, 8, 1, false, 0);
        assertFalse(eight.comparable(), "issue 39, point 6: 8 channels beside the paper's 35 gave 'ratio 0.29'");
        assertTrue(eight.scalingNote().endsWith("the paper ran 35 channels, so no ratio to it is given (--channels 35 "
                + "compares)"), eight.scalingNote());
        assertTrue(assertThrows(BadParameterException.class, () -> new SweepPlan(List.of(10.0), List.of(0.0),
                Direction.BACKUP, 35, 1, true, 0)).getMessage().startsWith("scale-channels: needs --rate"));
        assertThrows(BadParameterException.class, () -> new SweepPlan(List.of(), List.of(0.0), Direction.BACKUP, 35, 1,
                false, 0));
        assertThrows(BadParameterException.class, () -> new SweepPlan(List.of(1.0), List.of(-0.1), Direction.BACKUP, 35,
                1, false, 0));
        assertEquals(1, new SweepPlan(List.of(1.0), List.of(0.0), Direction.BACKUP, 2, 1, true, 100_000_000L)
                .channels());
    }

    @Test
    void packetRingHoldsAtMostItsLimitAndWrapsItsBytes() {
        PacketRing ring = new PacketRing(3, 1000, 4000);
        assertTrue(ring.isEmpty());
        long a = ring.claim();
        assertTrue(a != 0);
        ring.publish(700, 1);
        ring.claim();
        ring.publish(100, 2);
        ring.claim();
        ring.publish(100, 3);
        assertEquals(0, ring.claim(), "limit of 3 packets reached");
        assertEquals(3, ring.size());
        assertEquals(1, ring.headDue());
        assertEquals(a, ring.headAddress());
        assertEquals(700, ring.headLength());
        ring.release();
        assertEquals(2, ring.headDue());
        for (int i = 0; i < 100; i++) {
            assertTrue(ring.claim() != 0, "room after a release (round " + i + ")");
            ring.publish(900, 10 + i);
            ring.release();
        }
        assertEquals(2, ring.size());
        PacketRing bytes = new PacketRing(1000, 1000, 16_000);
        int held = 0;
        while (bytes.claim() != 0) {
            bytes.publish(1000, held++);
        }
        assertTrue(held >= 15 && held <= 16, "the byte ring, not the limit, stopped it at " + held);
    }
}
