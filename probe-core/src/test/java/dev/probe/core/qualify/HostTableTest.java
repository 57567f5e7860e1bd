package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.result.ClockOffset;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.HostSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both ends side by side with what 3 x BDP needs, and the lines for the end that is short. */
class HostTableTest {
    private static final HostSettings WIDE = new HostSettings(67108864, 67108864, "4096 131072 67108864",
            "4096 16384 67108864", "bbr", "fq", 1, 1500);
    private static final HostSettings NARROW = new HostSettings(212992, 212992, "4096 131072 6291456",
            "4096 16384 4194304", "cubic", "fq_codel", 0, 9000);

    @Test
    void theShortEndGetsTheLinesAndTheTableShowsBoth() {
        HostTable t = new HostTable(WIDE, NARROW, 15_000_000);
        assertEquals(List.of(), t.primaryLines());
        assertEquals(List.of("sysctl -w net.core.rmem_max=15000000", "sysctl -w net.core.wmem_max=15000000",
                "sysctl -w net.ipv4.tcp_rmem='4096 131072 15000000'",
                "sysctl -w net.ipv4.tcp_wmem='4096 16384 15000000'"), t.standbyLines());
        assertEquals(new HostTable.Row("net.core.rmem_max", "67108864", "212992", "15000000"), t.rows().get(0));
        assertEquals(new HostTable.Row("interface MTU", "1500", "9000", ""), t.rows().get(7));
        assertEquals("fq_codel", t.toJson().at("/standby/qdisc").asText());
        assertEquals(4, t.toJson().path("sysctl_standby").size());
    }

    @Test
    void aReceiveWindowThatMostlyHeldTheSenderBackIsPutOnTheStandbysShortCaps() {
        HostSettings capped = new HostSettings(4194304, 4194304, "4096 131072 300000", "4096 16384 4194304", "cubic",
                null, 0, 1500);
        HostTable t = new HostTable(WIDE, capped, 1_048_576);
        // the lab, 10 ms at 200 Mbit/s, the standby's tcp_rmem max set to 300000 in its namespace: 115 of 197 Mbit/s
        String why = t.receiverShort(new TcpStats.Limited(1.0, 0, 0));
        assertEquals("the receive window held the sender back 100 % of the time data was in flight, and the standby "
                + "lets a receive buffer grow to at most 300000 bytes (net.core.rmem_max 4194304, net.ipv4.tcp_rmem "
                + "max 300000), short of the 1048576 bytes 3 x BDP needs: on the standby, sysctl -w "
                + "net.ipv4.tcp_rmem='4096 131072 1048576'", why);
        assertEquals(null, t.receiverShort(new TcpStats.Limited(0.2, 0, 0.8)), "not mostly");
        assertEquals(null, new HostTable(WIDE, WIDE, 1_048_576)
                .receiverShort(new TcpStats.Limited(1.0, 0, 0)), "caps wide enough");
    }

    @Test
    void anOlderServerThatSendsNothingShowsAsUnknown() {
        HostTable t = new HostTable(NARROW, null, 15_000_000);
        assertEquals("?", t.rows().get(0).standby());
        assertEquals(List.of(), t.standbyLines());
        assertEquals(4, t.primaryLines().size());
    }

    @Test
    void theClocksOffsetIsARowAndASkewBeyondItsUncertaintyIsNamed() {
        ClockOffset near = ClockOffset.of(1_000_000_000_000L + 3_000, 1_000_000_000_000L, 1_000_000_000_000L + 400);
        assertEquals(2.8, near.offsetMs(), 1e-9, "the stamp less the exchange's middle");
        assertEquals(0.2, near.uncertaintyMs(), 1e-9, "half its round trip");
        HostTable agreed = new HostTable(WIDE, NARROW, 15_000_000, near);
        HostTable.Row row = agreed.rows().get(agreed.rows().size() - 1);
        assertEquals("clock", row.setting());
        assertEquals("+2.800 ms (± 0.200)", row.standby());
        assertEquals(null, agreed.clockAdvice(), "2.8 ms is no skew");
        HostTable skewed = new HostTable(WIDE, NARROW, 15_000_000, new ClockOffset(-1_750, 0.3));
        assertTrue(skewed.clockAdvice().startsWith("the standby's clock is -1.750 s from the primary's"),
                skewed.clockAdvice());
        assertTrue(skewed.toJson().at("/clock/skewed").asBoolean());
        assertEquals(null, new HostTable(WIDE, NARROW, 0, new ClockOffset(600, 200)).clockAdvice(),
                "600 ms read to within 200 ms may be 400: not named");
    }
}
