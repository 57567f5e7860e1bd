package dev.probe.cli.server;

import dev.probe.cli.common.Converters;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.agent.AgentParams;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.error.UsageException;
import dev.probe.core.server.ServerLimits;
import java.util.List;
import picocli.CommandLine.Option;

/** What an agent runs for its coordinators: where to, and how much (see SECURITY.md, "Agents"). */
final class AgentLimitOptions {
    @Option(names = "--allow-targets", split = ",", paramLabel = "HOST|ADDR[/BITS]",
            description = "Where runs may go: host names (as written), addresses and CIDR ranges, e.g. "
                    + "standby1,10.20.0.0/16. Required, except with --local-only (then: loopback).")
    List<String> allowTargets;

    @Option(names = "--max-runs", defaultValue = "" + AgentLimits.DEFAULT_MAX_RUNS,
            description = "Runs at once (default: ${DEFAULT-VALUE}).")
    int maxRuns;

    @Option(names = "--max-legs", defaultValue = "" + AgentParams.MAX_LEGS,
            description = "Servers one run may go to (default and most: ${DEFAULT-VALUE}).")
    int maxLegs;

    @Option(names = "--max-channels", defaultValue = "" + AgentLimits.DEFAULT_MAX_CHANNELS,
            description = "Channels (connections) of one run, all servers together (default: ${DEFAULT-VALUE}).")
    int maxChannels;

    @Option(names = "--max-bytes", defaultValue = "4T", converter = Converters.Size.class, paramLabel = "BYTES",
            description = "Bytes one run may move; a timed run is stopped there (default: ${DEFAULT-VALUE}).")
    long maxBytes;

    @Option(names = "--max-connections", defaultValue = "64",
            description = "Coordinators' connections open at once (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    /** The limits, sending where --allow-targets says, or to loopback only when {@code localOnly} and none given. */
    AgentLimits agentLimits(boolean localOnly) {
        AllowedTargets targets;
        if (allowTargets != null) {
            targets = AllowedTargets.of("allow-targets", allowTargets);
        } else if (localOnly) {
            targets = AllowedTargets.loopback();
        } else {
            throw new UsageException("--allow-targets is required: the servers this agent may send to "
                    + "(host names, addresses or CIDR ranges, e.g. --allow-targets standby1,10.20.0.0/16)");
        }
        return new AgentLimits(targets, maxRuns, maxLegs, maxChannels, maxBytes);
    }

    /** The listener's limits: runs at once, connections; one connection per run. */
    ServerLimits listenerLimits() {
        return new ServerLimits(maxRuns, maxConnections, 1, 0);
    }
}
