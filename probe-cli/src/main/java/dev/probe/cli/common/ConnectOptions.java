package dev.probe.cli.common;

import dev.probe.core.client.Route;
import dev.probe.core.client.Target;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a client reaches a probe server and proves itself: port, and the {@link PeerOptions} (timeouts, shared
 * secret, TLS). Shared by every client command (through {@link EndpointOptions}) and by {@code qualify}, which
 * sizes socket buffers itself.
 */
public final class ConnectOptions {
    @Option(names = "--port", defaultValue = "5555", description = "Server port (default: ${DEFAULT-VALUE}).")
    public int port;

    @Option(names = "--bind", paramLabel = "ADDR",
            description = "Connect from this address of this host, so the test leaves by that interface (the Data "
                    + "Guard or backup network); default: the routing table's choice.")
    public String bind;

    @Option(names = "--dscp", paramLabel = "VALUE",
            description = "Mark the test's packets with this DSCP, 0..63 or a name (EF, AF41, CS6), as the class "
                    + "redo has on the path; default: unmarked.")
    public String dscp;

    @Mixin
    public PeerOptions peer;

    /** Where to connect and how: {@code host} with these options. */
    public Target target(String host) throws Exception {
        return new Target(host, port, peer.connectTimeout, peer.timeout, peer.security(), TransportChoice.selected(),
                Route.parse(bind, dscp));
    }
}
