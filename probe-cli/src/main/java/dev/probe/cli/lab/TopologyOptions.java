package dev.probe.cli.lab;

import dev.probe.core.lab.LabTopology;
import picocli.CommandLine.Option;

/** Which lab: its name (namespaces NAME-client / NAME-server) and its /30. */
final class TopologyOptions {
    @Option(names = "--name", defaultValue = LabTopology.DEFAULT_NAME,
            description = "Lab name: namespaces NAME-client and NAME-server (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--subnet", defaultValue = LabTopology.DEFAULT_SUBNET,
            description = "Private /30: client .1, server .2 (default: ${DEFAULT-VALUE}).")
    String subnet;

    LabTopology topology() {
        return new LabTopology(name, subnet);
    }
}
