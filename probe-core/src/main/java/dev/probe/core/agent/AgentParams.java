package dev.probe.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.HostPort;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Endpoints;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a coordinator asks an agent to run (HELLO kind "agent"): one or more legs, each a run of this host's share
 * to one probe server (a bulk run, or a sync/async test), all of one kind and interval, run side by side from the
 * same start instant. The agent connects nowhere but the legs' {@code host:port}.
 */
public record AgentParams(List<Leg> legs, int dscp) implements SessionSpec {
    public static final String KIND = "agent";
    /** Legs per request: one per target server the host sends to. */
    public static final int MAX_LEGS = 16;

    /**
     * One run to one server: {@code spec} is a {@link BulkParams} or a {@link TestParams} (to the probe server at
     * {@code host:port}), a {@link RelayParams} (a test to the relay at {@code host:port}, a RAC node's thread to its
     * Far Sync), or an {@link ObjstoreLeg} (to its endpoint, whose host and port these are).
     */
    public record Leg(String host, int port, SessionSpec spec) {
        public Leg {
            Endpoints.check("target", host, port);
            if (!(spec instanceof BulkParams) && !(spec instanceof TestParams) && !(spec instanceof ObjstoreLeg)
                    && !(spec instanceof RelayParams)) {
                throw new BadParameterException("legs", "a leg is a bulk run, a test, a relayed test or an "
                        + "object-storage run");
            }
            if (spec instanceof ObjstoreLeg o && !o.target().equals(new HostPort(host, port))) {
                throw new BadParameterException("target", "an object-storage leg goes to its endpoint");
            }
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    /** Legs left unmarked. */
    public AgentParams(List<Leg> legs) {
        this(legs, -1);
    }

    public AgentParams {
        legs = List.copyOf(legs);
        if (dscp < -1 || dscp > 63) {
            throw new BadParameterException("dscp", dscp + " is out of range [0, 63]");
        }
        if (legs.isEmpty() || legs.size() > MAX_LEGS) {
            throw new BadParameterException("legs", legs.size() + " legs is out of range [1, " + MAX_LEGS + "]");
        }
        for (Leg leg : legs) {
            if (leg.spec().getClass() != legs.get(0).spec().getClass()
                    || !leg.spec().interval().equals(legs.get(0).spec().interval())) {
                throw new BadParameterException("legs", "every leg must be of one kind and interval");
            }
        }
    }

    /** A request of one leg. */
    public static AgentParams of(String host, int port, SessionSpec spec) {
        return new AgentParams(List.of(new Leg(host, port, spec)));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        ArrayNode array = n.putArray("legs");
        for (Leg leg : legs) {
            ObjectNode l = array.addObject();
            l.putObject("target").put("host", leg.host()).put("port", leg.port());
            l.set(field(leg.spec()), leg.spec().toJson());
        }
        if (dscp >= 0) {
            n.put("dscp", dscp);
        }
        return n;
    }

    public static AgentParams fromJson(ObjectNode n) {
        JsonNode array = n.get("legs");
        if (array == null || !array.isArray()) {
            throw new BadParameterException("legs", "must be an array");
        }
        if (array.size() > MAX_LEGS) {
            throw new BadParameterException("legs", array.size() + " legs is out of range [1, " + MAX_LEGS + "]");
        }
        List<Leg> legs = new ArrayList<>();
        for (JsonNode item : array) {
            if (!item.isObject()) {
                throw new BadParameterException("legs", "each leg must be an object");
            }
            ObjectNode l = (ObjectNode) item;
            ObjectNode target = Json.requireObject(l, "target");
            SessionSpec spec = l.has("bulk") ? BulkParams.fromJson(Json.requireObject(l, "bulk"))
                    : l.has("objstore") ? ObjstoreLeg.fromJson(Json.requireObject(l, "objstore"))
                            : l.has("relay") ? RelayParams.fromJson(Json.requireObject(l, "relay"))
                                    : TestParams.fromJson(Json.requireObject(l, "test"));
            legs.add(new Leg(Json.requireString(target, "host", Endpoints.HOST), Json.requireInt(target, "port", 1,
                    65_535), spec));
        }
        return new AgentParams(legs, n.has("dscp") ? Json.requireInt(n, "dscp", 0, 63) : -1);
    }

    private static String field(SessionSpec spec) {
        return spec instanceof BulkParams ? "bulk" : spec instanceof ObjstoreLeg ? "objstore"
                : spec instanceof RelayParams ? "relay" : "test";
    }

    /** True when the legs are object-storage runs (the agent then needs its OCI config). */
    public boolean objstore() {
        return legs.get(0).spec() instanceof ObjstoreLeg;
    }

    /** Bytes the legs will move together when each is a volume (a timed leg counts 0: it is bounded while running). */
    public long volume() {
        long sum = 0;
        for (Leg leg : legs) {
            long v = leg.spec() instanceof BulkParams b ? b.volume()
                    : leg.spec() instanceof ObjstoreLeg o ? o.params().bulk().volume() : 0;
            sum = sum > Long.MAX_VALUE - v ? Long.MAX_VALUE : sum + v;
        }
        return sum;
    }

    /** The runs' bytes are in the agent's own "agent run" line. */
    @Override
    public boolean carriesData() {
        return false;
    }

    /** One control connection, whatever the legs' channel counts. */
    @Override
    public int connections() {
        return 1;
    }

    @Override
    public Duration expectedDuration() {
        return legs.stream().map(l -> l.spec().expectedDuration()).max(Duration::compareTo).orElseThrow();
    }

    @Override
    public Duration interval() {
        return legs.get(0).spec().interval();
    }

    @Override
    public long sockbuf() {
        return 0;
    }

    @Override
    public String describe() {
        return "agent run of " + legs.size() + " leg(s): " + String.join("; ",
                legs.stream().map(l -> "to " + l + ": " + l.spec().describe()).toList());
    }
}
