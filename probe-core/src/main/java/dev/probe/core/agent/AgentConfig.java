package dev.probe.core.agent;

import com.oracle.bmc.auth.BasicAuthenticationDetailsProvider;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.transport.Transport;
import java.net.InetAddress;
import java.time.Duration;

/**
 * How an agent's runs reach the probe servers a coordinator names: the security they present (the agent's own
 * secret and trust, never the coordinator's), the transport, the timeouts, what the agent allows ({@code limits}:
 * where to, how much); and, for object-storage runs, the agent's own OCI identity ({@code oci}, null when it has
 * none); {@code legsFrom}: the address of this host its legs leave from ({@code probe agent --legs-from}, the Data
 * Guard or backup interface's), null for the routing table's choice.
 */
public record AgentConfig(ClientSecurity targets, Transport transport, Duration connectTimeout, Duration timeout,
        AgentLimits limits, BasicAuthenticationDetailsProvider oci, InetAddress legsFrom) {
    public AgentConfig {
        if (targets == null || transport == null || connectTimeout == null || timeout == null || limits == null) {
            throw new IllegalArgumentException("agent config: every field but oci is required");
        }
    }

    /** Legs leaving by the routing table's choice. */
    public AgentConfig(ClientSecurity targets, Transport transport, Duration connectTimeout, Duration timeout,
                       AgentLimits limits, BasicAuthenticationDetailsProvider oci) {
        this(targets, transport, connectTimeout, timeout, limits, oci, null);
    }

    /** An agent without an OCI config: it refuses object-storage runs. */
    public AgentConfig(ClientSecurity targets, Transport transport, Duration connectTimeout, Duration timeout,
                       AgentLimits limits) {
        this(targets, transport, connectTimeout, timeout, limits, null, null);
    }
}
