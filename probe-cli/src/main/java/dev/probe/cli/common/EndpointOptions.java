package dev.probe.cli.common;

import dev.probe.core.client.Target;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Where a client connects, how long it waits and how it proves itself: shared by {@code client} and {@code bulk}. */
public final class EndpointOptions {
    @Parameters(index = "0", paramLabel = "HOST", description = "Server host name or address.")
    public String host;

    @Mixin
    public ConnectOptions connect;

    @Option(names = "--sockbuf", defaultValue = "0", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "SO_SNDBUF/SO_RCVBUF at both ends; 0 = system default.")
    public long sockbuf;

    /** Where to connect and how, from these options. */
    public Target target() throws Exception {
        return connect.target(host);
    }
}
