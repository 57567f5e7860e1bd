package dev.probe.cli.common;

import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.client.HostPort;
import dev.probe.core.error.UsageException;
import dev.probe.core.params.SessionSpec;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --from} agents and {@code --to} servers of a run fanned out over many hosts (issue 15). */
public final class FanoutOptions {
    /** An agent's port when {@code --from} names none. */
    public static final int AGENT_PORT = 5556;

    @Option(names = "--from", split = ",", paramLabel = "HOST[:PORT]",
            description = "Run from these hosts' agents ('probe agent', port " + AGENT_PORT + " unless given), "
                    + "channels spread round-robin over them; the shared secret and TLS options are then the "
                    + "agents'. Without it, or with only localhost, the run is this host's.")
    List<String> from;

    @Option(names = "--to", split = ",", paramLabel = "HOST[:PORT]",
            description = "With --from: the probe servers; each host's channels (connections) go round-robin over "
                    + "them, host i's first to server i mod n (default: HOST and --port).")
    List<String> to;

    @Option(names = "--tolerate-lost", description = "With --from: an agent lost during the run is noted (its bytes "
            + "up to the loss kept apart) and the run goes on without it; default: the run fails, naming it.")
    public boolean tolerateLost;

    /** True when the run goes out from agents, not from this process. */
    public boolean fannedOut() {
        return from != null && !(from.size() == 1 && from.get(0).equals("localhost"));
    }

    /**
     * The fanned-out run of {@code total} to {@code endpoint}'s server (or {@code --to}); {@code --csv} and other
     * per-process files are refused by the caller, naming them ({@link #refuse}).
     */
    public FanoutConfig config(SessionSpec total, EndpointOptions endpoint) throws Exception {
        int dscp = endpoint.connect.route.agentsDscp();
        return config(total, servers(endpoint.host, endpoint.connect.port), endpoint.connect.peer).withDscp(dscp);
    }

    /** The fanned-out run of {@code total} to {@code to}, reaching the agents as {@code agents} says. */
    public FanoutConfig config(SessionSpec total, List<HostPort> to, PeerOptions agents) throws Exception {
        return new FanoutConfig(agents(), to, total, agents.security(), TransportChoice.selected(),
                agents.connectTimeout, agents.timeout, tolerateLost);
    }

    /** Fails, naming {@code flag}, when it is given ({@code value} not null) with --from. */
    public void refuse(String flag, Object value) {
        if (fannedOut() && value != null) {
            throw new UsageException(flag + " is not available with --from (the hosts' intervals are "
                    + "merged into --json)");
        }
    }

    public List<HostPort> agents() {
        return parse("--from", from, AGENT_PORT);
    }

    /** The servers: {@code --to}, or {@code host:port} when it is not given. */
    public List<HostPort> servers(String host, int port) {
        return to == null ? List.of(new HostPort(host, port)) : parse("--to", to, port);
    }

    /** {@code items} as HOST[:PORT], {@code defaultPort} where none is given; a bad one names {@code flag}. */
    public static List<HostPort> parse(String flag, List<String> items, int defaultPort) {
        List<HostPort> out = new ArrayList<>();
        for (String item : items) {
            try {
                out.add(HostPort.parse(item, defaultPort));
            } catch (UsageException e) {
                throw new UsageException(flag + ": " + e.getMessage());
            }
        }
        return out;
    }
}
