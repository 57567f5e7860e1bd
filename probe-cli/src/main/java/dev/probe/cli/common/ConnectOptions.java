package dev.probe.cli.common;

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

    @Mixin
    public RouteOptions route;

    @Mixin
    public PeerOptions peer;

    /** Where to connect and how: {@code host} with these options. */
    public Target target(String host) throws Exception {
        return new Target(host, port, peer.connectTimeout, peer.timeout, peer.security(), TransportChoice.selected(),
                route.route());
    }
}
