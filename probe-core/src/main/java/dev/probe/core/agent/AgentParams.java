package dev.probe.core.agent;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * What a coordinator asks an agent to run (HELLO kind "agent"): a bulk run of {@code bulk} (this agent's share
 * of the channels and the volume) to the probe server at {@code host:port}. The agent connects nowhere else.
 */
public record AgentParams(String host, int port, BulkParams bulk) implements SessionSpec {
    public static final String KIND = "agent";
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\-\\[\\]%]{1,253}");

    public AgentParams {
        if (host == null || !HOST.matcher(host).matches()) {
            throw new BadParameterException("target.host", "not a host name or address: " + host);
        }
        if (port < 1 || port > 65_535) {
            throw new BadParameterException("target.port", port + " is not a port");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        ObjectNode target = n.putObject("target");
        target.put("host", host);
        target.put("port", port);
        n.set("bulk", bulk.toJson());
        return n;
    }

    public static AgentParams fromJson(ObjectNode n) {
        ObjectNode target = Json.requireObject(n, "target");
        return new AgentParams(Json.requireString(target, "host", HOST), Json.requireInt(target, "port", 1, 65_535),
                BulkParams.fromJson(Json.requireObject(n, "bulk")));
    }

    /** One control connection, whatever the run's channel count. */
    @Override
    public int connections() {
        return 1;
    }

    @Override
    public Duration expectedDuration() {
        return bulk.expectedDuration();
    }

    @Override
    public Duration interval() {
        return bulk.interval();
    }

    @Override
    public long sockbuf() {
        return 0;
    }

    @Override
    public String describe() {
        return "agent run to " + host + ":" + port + ": " + bulk.describe();
    }
}
