package dev.probe.core.testing;

import dev.probe.core.agent.AgentConfig;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.transport.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** What the server tests share: a server config on 127.0.0.1 port 0, a loopback agent, a raw socket to a server. */
public final class TestServers {
    private TestServers() {
    }

    /** Defaults on 127.0.0.1:0, quiet, write files under {@code dir}, no piece store. */
    public static ServerConfig loopback(Path dir) {
        return ServerConfig.defaults().forLoopback("127.0.0.1", 0, dir.resolve("f"), null).withFileSize(64L << 20);
    }

    /**
     * An agent on 127.0.0.1:0 without a secret whose runs and relays may go to loopback only, its relay rings under
     * {@code dir} (created), quiet.
     */
    public static ProbeServer loopbackAgent(Path dir) throws IOException, InterruptedException {
        return loopbackAgent(dir, AgentLimits.defaults(
                AllowedTargets.loopback()));
    }

    /** An agent on loopback, sending only to loopback, within {@code limits}. */
    public static ProbeServer loopbackAgent(Path dir, AgentLimits limits)
            throws IOException, InterruptedException {
        return ProbeServer.startAgent(loopback(Files.createDirectories(dir)),
                new AgentConfig(ClientSecurity.none(),
                        Transport.best(), Duration.ofSeconds(2),
                        Duration.ofSeconds(5), limits), line -> {});
    }

    /** The HELLO a client sends for {@code spec}, with protocol {@code version}. */
    public static Hello helloOf(int version, String nonce, SessionSpec spec) {
        return new Hello(version, nonce, spec.kind(), spec.toJson());
    }

    /** A plain TCP connection to the probe port, with 5 s connect and read timeouts. */
    public static Socket connect(ProbeServer server) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", server.address().getPort()), 5000);
        s.setSoTimeout(5000);
        return s;
    }
}
