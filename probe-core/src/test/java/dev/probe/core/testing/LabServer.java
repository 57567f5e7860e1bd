package dev.probe.core.testing;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.Target;
import dev.probe.core.lab.ImpairedLink;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.server.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A lab link between two namespaces this test makes (named {@code prefix} + a random number) with a probe server in
 * the server's namespace; {@link #inClient} runs a client there. Closed: server stopped, link and namespaces gone.
 */
public final class LabServer implements AutoCloseable {
    private final LabTopology topology;
    private final ImpairedLink link;
    private final ProbeServer server;

    private LabServer(LabTopology topology, ImpairedLink link, ProbeServer server) {
        this.topology = topology;
        this.link = link;
        this.server = server;
    }

    /** Brings up the link as {@code spec} says (loss draws seeded 7) and the server, its files under {@code dir}. */
    public static LabServer up(String prefix, LinkSpec spec, Path dir) throws Exception {
        int n = ThreadLocalRandom.current().nextInt(1000, 9999);
        LabTopology topology = new LabTopology(prefix + n, "10.252." + (n % 250) + ".0/30");
        ImpairedLink link = ImpairedLink.up(topology, spec, 7);
        try {
            ServerConfig config = ServerConfig.defaults().forLoopback(topology.serverAddress(), 0, dir.resolve("f"),
                    null);
            return new LabServer(topology, link, InNamespace.call(topology.serverNamespace(),
                    () -> ProbeServer.start(config, l -> {})));
        } catch (Exception | Error e) {
            link.close();
            throw e;
        }
    }

    /** The server, as a client in the client namespace reaches it. */
    public Target target() {
        return Target.of(topology.serverAddress(), server.address().getPort());
    }

    public ImpairedLink link() {
        return link;
    }

    /** Runs {@code call} in the client's namespace. */
    public <T> T inClient(Callable<T> call) throws Exception {
        return InNamespace.call(topology.clientNamespace(), call);
    }

    @Override
    public void close() {
        server.close();
        link.close();
    }
}
