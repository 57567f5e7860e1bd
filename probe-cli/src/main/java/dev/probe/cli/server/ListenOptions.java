package dev.probe.cli.server;

import dev.probe.cli.common.Converters;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Where a listening command binds and how long it waits for what it serves (server and agent). */
final class ListenOptions {
    @Option(names = "--bind", defaultValue = "0.0.0.0", paramLabel = "ADDR",
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--idle-timeout", defaultValue = "60s", converter = Converters.Time.class,
            description = "Close connections on which nothing was read or written this long (default: "
                    + "${DEFAULT-VALUE}).")
    Duration idleTimeout;

    @Option(names = "--handshake-timeout", defaultValue = "10s", converter = Converters.Time.class,
            description = "Deadline for HELLO/JOIN (default: ${DEFAULT-VALUE}).")
    Duration handshakeTimeout;

    @Option(names = "--max-duration", defaultValue = "1h", converter = Converters.Time.class,
            description = "Longest test accepted (default: ${DEFAULT-VALUE}).")
    Duration maxDuration;
}
