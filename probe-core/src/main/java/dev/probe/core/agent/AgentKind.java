package dev.probe.core.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import io.netty.channel.ChannelHandler;

/**
 * The agent's one session kind, "agent": a coordinator's control connection and the run it asks for, admitted only
 * within the agent's own {@link AgentLimits} (targets, runs, legs, channels, bytes).
 */
public final class AgentKind implements SessionKind<AgentParams> {
    private final AgentConfig config;

    public AgentKind(AgentConfig config) {
        this.config = config;
    }

    @Override
    public String name() {
        return AgentParams.KIND;
    }

    @Override
    public String owner() {
        return "agent";
    }

    @Override
    public AgentParams parse(ObjectNode params) {
        AgentParams p = AgentParams.fromJson(params);
        if (p.objstore() && config.oci() == null) {
            throw new BadParameterException("objstore", "this agent has no OCI config (start it with --oci-config)");
        }
        return p;
    }

    @Override
    public String refusal(AgentParams spec, int open) {
        return config.limits().refusal(spec, open);
    }

    @Override
    public ChannelHandler handler(SessionConnection c, AgentParams spec) {
        return new AgentHandler(c, spec, config);
    }
}
