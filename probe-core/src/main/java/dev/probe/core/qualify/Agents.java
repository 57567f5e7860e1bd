package dev.probe.core.qualify;

import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.Target;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.BadParameterException;
import java.time.Duration;
import java.util.List;

/**
 * Agents a qualification runs from ({@code --from} for a RAC primary's nodes, {@code --load-from} for the load) and
 * how the coordinator reaches them.
 *
 * @param flag the option that named them, for errors
 */
public record Agents(String flag, List<HostPort> from, ClientSecurity security, Duration connectTimeout,
        Duration timeout) {
    public Agents {
        from = List.copyOf(from);
        if (from.isEmpty()) {
            throw new BadParameterException(flag, "names no host");
        }
    }

    /** A fan-out of {@code spec} from these agents to {@code target}, a test's rate shared by {@code rateShares}. */
    public FanoutConfig fanout(Target target, SessionSpec spec,
                               List<Double> rateShares) {
        return new FanoutConfig(from, List.of(new HostPort(target.host(), target.port())), spec, security,
                target.transport(), connectTimeout, timeout, false, rateShares, target.route().dscp());
    }
}
