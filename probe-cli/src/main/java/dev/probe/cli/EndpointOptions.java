package dev.probe.cli;

import java.time.Duration;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Where a client connects and how long it waits: shared by {@code client} and {@code bulk}. */
final class EndpointOptions {
    @Parameters(index = "0", paramLabel = "HOST", description = "Server host name or address.")
    String host;

    @Option(names = "--port", defaultValue = "5555", description = "Server port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--sockbuf", defaultValue = "0", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "SO_SNDBUF/SO_RCVBUF at both ends; 0 = system default.")
    long sockbuf;

    @Option(names = "--timeout", defaultValue = "30s", converter = Converters.Time.class,
            description = "Network timeout: longest wait for any reply (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--connect-timeout", defaultValue = "10s", converter = Converters.Time.class,
            description = "TCP connect timeout (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;
}
