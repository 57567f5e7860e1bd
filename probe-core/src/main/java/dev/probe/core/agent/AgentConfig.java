package dev.probe.core.agent;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.transport.Transport;
import java.time.Duration;

/**
 * How an agent's runs reach the probe servers a coordinator names: the security they present (the agent's own
 * secret and trust, never the coordinator's), the transport, and the timeouts.
 */
public record AgentConfig(ClientSecurity targets, Transport transport, Duration connectTimeout, Duration timeout) {
    public AgentConfig {
        if (targets == null || transport == null || connectTimeout == null || timeout == null) {
            throw new IllegalArgumentException("agent config: every field is required");
        }
    }
}
