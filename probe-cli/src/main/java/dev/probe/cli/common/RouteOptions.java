package dev.probe.cli.common;

import dev.probe.core.client.Egress;
import dev.probe.core.error.UsageException;
import picocli.CommandLine.Option;

/** {@code --bind} and {@code --dscp}: which interface a run leaves by and which class it is marked with. */
public final class RouteOptions {
    @Option(names = "--bind", paramLabel = "ADDR",
            description = "Connect from this address of this host, so the test leaves by that interface (the Data "
                    + "Guard or backup network); default: the routing table's choice.")
    public String bind;

    @Option(names = "--dscp", paramLabel = "VALUE",
            description = "Mark the test's packets with this DSCP, 0..63 or a name (EF, AF41, CS6), as the class "
                    + "redo has on the path; default: unmarked.")
    public String dscp;

    /**
     * With {@code --from}: the DSCP the agents' legs are marked with (-1: unmarked); {@code --bind} is refused, as it
     * would name this host's address, not an agent's.
     */
    public int agentsDscp() {
        if (bind != null) {
            throw new UsageException("--bind is this host's address; with --from each agent's runs leave "
                    + "by the address its own 'probe agent --legs-from ADDR' names");
        }
        return route().dscp();
    }

    /** The route, checked: an address this host has, a DSCP in range. */
    public Egress route() {
        return Egress.parse(bind, dscp);
    }
}
