package dev.probe.core.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.testing.TestServers;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection closed between the server's READY and the data phase is a lost connection in a line, not Netty's
 * ChannelException: the monitor's check read SO_SNDBUF of a socket its server had just closed, and the exception
 * ended the monitor's thread (a fresh-clone CI run, 2026-11-29).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClientRunTest {
    @TempDir
    Path dir;

    @Test
    void aSocketOptionOfAClosedConnectionIsALostConnection() throws Exception {
        try (ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {})) {
            int port = server.address().getPort();
            TestParams params = TestParams.builder(Mode.SYNC).length(512).duration(Duration.ofSeconds(1)).build();
            ProbeException e = assertThrows(ProbeException.class, () -> ClientRun.run(Target.of("127.0.0.1", port),
                    params, 512, "probe-test", session -> {
                        Channel c = session.connections().get(0).channel();
                        c.close().sync();
                        return c.config().getOption(ChannelOption.SO_SNDBUF);
                    }));
            assertEquals(ProbeException.Kind.LOST, e.kind());
            assertEquals("lost the connection to 127.0.0.1:" + port + ": the peer closed the connection",
                    e.getMessage());
        }
    }
}
