package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** How a fan-out run is shared among its hosts: channels round-robin, the volume in whole pieces. */
class FanoutConfigTest {
    private static FanoutConfig config(int hosts, int channels, long volume, long piece) {
        List<FanoutConfig.HostPort> from = IntStream.range(0, hosts).mapToObj(i -> new FanoutConfig.HostPort("node" + i, 5556))
                .toList();
        return new FanoutConfig(from, List.of(new FanoutConfig.HostPort("standby", 5555)),
                new BulkParams(Direction.BACKUP, channels, volume, Duration.ZERO, piece, Duration.ofSeconds(1), 0, true,
                        "run", null), ClientSecurity.none(), Transport.best(), Duration.ofSeconds(1), Duration.ofSeconds(1),
                false);
    }

    @Test
    void channelsRoundRobinAndTheVolumeInProportionInWholePieces() {
        List<BulkParams> s = config(3, 12, 32L << 28, 1L << 28).shares();
        assertEquals(List.of(4, 4, 4), s.stream().map(BulkParams::channels).toList());
        assertEquals(List.of(10L << 28, 11L << 28, 11L << 28), s.stream().map(BulkParams::volume).toList());
        assertEquals(List.of("run-h0", "run-h1", "run-h2"), s.stream().map(BulkParams::runId).toList());

        List<BulkParams> odd = config(3, 7, (10L << 20) + 5, 1L << 20).shares();
        assertEquals(List.of(3, 2, 2), odd.stream().map(BulkParams::channels).toList());
        assertEquals((10L << 20) + 5, odd.stream().mapToLong(BulkParams::volume).sum(), "every byte, the short piece last");
        assertTrue(odd.get(2).volume() % (1L << 20) == 5);
    }

    @Test
    void tooFewChannelsOrPiecesForTheHostsAreRefusedUpFront() {
        BadParameterException fewChannels = assertThrows(BadParameterException.class, () -> config(4, 3, 1L << 30, 1L << 20));
        assertTrue(fewChannels.getMessage().contains("3 channels cannot spread over 4 hosts"), fewChannels.getMessage());
        BadParameterException fewPieces = assertThrows(BadParameterException.class,
                () -> config(3, 3, 2L << 20, 1L << 20).shares());
        assertTrue(fewPieces.getMessage().contains("nothing to move"), fewPieces.getMessage());
    }
}
