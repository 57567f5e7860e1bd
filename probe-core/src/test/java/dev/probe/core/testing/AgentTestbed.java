package dev.probe.core.testing;

import dev.probe.core.agent.AgentConfig;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.HostPort;
import dev.probe.core.protocol.Auth;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerSecurity;
import dev.probe.core.transport.Transport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Servers and agents on 127.0.0.1 for a fan-out test, each on its own port, all closed by {@link #close()}. */
public final class AgentTestbed implements AutoCloseable {
    public static final Auth SECRET = new Auth("agents and coordinator share this".getBytes(StandardCharsets.UTF_8));
    private final Path dir;
    private final List<ProbeServer> started = new ArrayList<>();
    /** The log of the servers started by {@link #server()}. */
    public final List<String> serverLog = new CopyOnWriteArrayList<>();

    public AgentTestbed(Path dir) {
        this.dir = dir;
    }

    public ProbeServer server() throws Exception {
        return server(serverLog);
    }

    public ProbeServer server(List<String> log) throws Exception {
        ProbeServer s = ProbeServer.start(TestServers.loopback(dir), log::add);
        started.add(s);
        return s;
    }

    /** An agent proving {@code secret} to coordinators, within {@code limits}. */
    public ProbeServer agent(Auth secret, AgentLimits limits) throws Exception {
        ServerConfig c = TestServers.loopback(dir.resolve("agent")).withSecurity(new ServerSecurity(secret, null,
                null));
        ProbeServer a = ProbeServer.startAgent(c, new AgentConfig(ClientSecurity.none(), Transport.best(),
                Duration.ofSeconds(5), Duration.ofSeconds(10), limits), line -> {});
        started.add(a);
        return a;
    }

    public static HostPort at(ProbeServer s) {
        return new HostPort("127.0.0.1", s.address().getPort());
    }

    @Override
    public void close() {
        started.forEach(ProbeServer::close);
    }
}
