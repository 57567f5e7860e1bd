package dev.probe.cli.server;

import dev.probe.cli.common.Converters;
import dev.probe.core.server.ServerLimits;
import picocli.CommandLine.Option;

/** What a server runs at once (see SECURITY.md, "Limits"). */
final class ServerLimitOptions {
    @Option(names = "--max-sessions", defaultValue = "64", description = "Tests at once (default: ${DEFAULT-VALUE}).")
    int maxSessions;

    @Option(names = "--max-connections", defaultValue = "1024",
            description = "Open connections in total (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(names = "--max-conn-per-session", defaultValue = "256",
            description = "Connections or channels one test may use (default: ${DEFAULT-VALUE}).")
    int maxConnPerSession;

    @Option(names = "--rate-cap", defaultValue = "0", converter = Converters.Size.class, paramLabel = "BYTES",
            description = "Cap each test at BYTES per second (e.g. 100M); 0 = none (default).")
    long rateCap;

    ServerLimits limits() {
        return new ServerLimits(maxSessions, maxConnections, maxConnPerSession, rateCap);
    }
}
