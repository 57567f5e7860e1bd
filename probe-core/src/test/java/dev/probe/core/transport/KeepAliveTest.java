package dev.probe.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.testing.TestServers;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every probe connection carries TCP keepalive with probe's timing, on both ends and both transports: the kernel's
 * own view ({@code ss -o}: a keepalive timer of at most 30 s on the client's and the server's socket), so an idle
 * control connection outlives NAT and firewall idle timeouts.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KeepAliveTest {
    private static final Pattern TIMER = Pattern.compile("timer:\\(keepalive,(\\d+)(?:\\.\\d+)?(ms|sec|min)");
    @TempDir
    Path dir;

    @Test
    void bothEndsOfAConnectionKeepItAliveOnEveryTransport() throws Exception {
        Path ss = Path.of("/usr/bin/ss");
        assumeTrue(Files.isExecutable(ss) || Files.isExecutable(Path.of("/bin/ss")), "ss (iproute2) is not installed");
        try (ProbeServer server = ProbeServer.start(TestServers.loopback(dir), l -> {})) {
            int port = server.address().getPort();
            for (Transport t : List.of(Transport.best(), Transport.select(Transport.Kind.NIO), Transport.select(
                    Transport.Kind.IO_URING))) {
                EventLoopGroup group = t.group(1, "keepalive-test");
                try {
                    Bootstrap b = new Bootstrap().group(group).channel(t.channel()).handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                        }
                    });
                    t.keepAlive(b);
                    Channel ch = b.connect("127.0.0.1", port).sync().channel();
                    assertEquals(Boolean.TRUE, ch.config().getOption(ChannelOption.SO_KEEPALIVE), t.name());
                    int local = ((InetSocketAddress) ch.localAddress()).getPort();
                    // the server sets its side's options when its accept loop takes the connection, which can
                    // come after connect() returns here
                    String out = ss(port);
                    for (int i = 0; i < 50 && TIMER.matcher(out).results().count() < 2; i++) {
                        Thread.sleep(100);
                        out = ss(port);
                    }
                    assertKeepAlive(out, ":" + local + " ", t.name() + " client socket");
                    assertKeepAlive(out, ":" + port + " ", t.name() + " server's socket");
                    ch.close().sync();
                } finally {
                    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
                }
            }
        }
    }

    private static void assertKeepAlive(String ss, String localPort, String what) {
        for (String line : ss.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3 && (f[2] + " ").endsWith(localPort)) {
                Matcher m = TIMER.matcher(line);
                assertTrue(m.find(), what + " has a keepalive timer: " + line);
                long s = Long.parseLong(m.group(1)) * (m.group(2).equals("min") ? 60 : 1) / (m.group(2).equals("ms")
                        ? 1000 : 1);
                assertTrue(s <= Transport.KEEPALIVE_IDLE_S, what + ": first probe within "
                        + Transport.KEEPALIVE_IDLE_S + " s, not the OS's two hours: " + line);
                return;
            }
        }
        throw new AssertionError(what + " not found in ss -tno:\n" + ss);
    }

    private static String ss(int port) throws Exception {
        Process p = new ProcessBuilder("ss", "-tnoH", "state", "established", "( sport = :" + port + " or dport = :"
                + port + " )").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        return out;
    }
}
