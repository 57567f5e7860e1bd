package dev.probe.core.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a client asks of a relay (HELLO kind "relay", served by {@code probe agent}): receive {@code test} as a probe
 * server would (ACKs for SYNC, the forced write for AFFIRM) and forward each message to every {@code next} hop as an
 * ASYNC stream, as a Far Sync or a cascading standby forwards the redo it receives.
 *
 * @param test the test the client sends (one connection)
 * @param next where the relay forwards it: probe servers, at most {@link #MAX_NEXT}
 */
public record RelayParams(TestParams test, List<Next> next) implements SessionSpec {
    public static final String KIND = "relay";
    /**
     * Next hops per relay: a Far Sync forwarding to a few standbys (Oracle's MAA layouts forward to one to three). What
     * one inbound stream can make a relay send is at most this many times what it receives.
     */
    public static final int MAX_NEXT = 4;

    /**
     * One next hop.
     *
     * @param host          the probe server the relay forwards to
     * @param port          its port
     * @param bytesPerSecond what the hop carries in production (the peak redo, compressed where it compresses), frame
     *                      bytes per second: the relay forwards no more than this (a SYNC client's back-to-back writes
     *                      carry more than the peak); 0 forwards everything
     */
    public record Next(String host, int port, double bytesPerSecond) {
        public Next {
            Endpoints.check("next", host, port);
            if (!(bytesPerSecond >= 0 && bytesPerSecond <= 1e11)) {
                throw new BadParameterException("next.bytes_s", bytesPerSecond + " is out of range [0, 1e11]");
            }
        }

        @Override
        public String toString() {
            return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
        }
    }

    public RelayParams {
        next = List.copyOf(next);
        if (next.isEmpty() || next.size() > MAX_NEXT) {
            throw new BadParameterException("next", next.size() + " next hops is out of range [1, " + MAX_NEXT + "]");
        }
        if (test.numConn() != 1 || test.reverse()) {
            throw new BadParameterException("test", "a relay receives one connection from its client");
        }
    }

    /** The test the relay sends {@code to}: ASYNC, the same messages for as long, unpaced (the client paces). */
    public TestParams downstream(Next to) {
        return TestParams.builder(Mode.ASYNC).length(test.length()).duration(test.duration()).warmup(test.warmup())
                .interval(test.interval()).sockbuf(test.sockbuf()).payload(test.payload()).build();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.set("test", test.toJson());
        ArrayNode a = n.putArray("next");
        next.forEach(x -> a.addObject().put("host", x.host()).put("port", x.port()).put("bytes_s", x.bytesPerSecond()));
        return n;
    }

    /** Reads and validates HELLO's parameters. */
    public static RelayParams fromJson(ObjectNode n) {
        TestParams test = TestParams.fromJson(Json.requireObject(n, "test"));
        JsonNode a = n.get("next");
        if (a == null || !a.isArray() || a.size() > MAX_NEXT) {
            throw new BadParameterException("next", "must be an array of at most " + MAX_NEXT + " hops");
        }
        List<Next> next = new ArrayList<>();
        for (JsonNode x : a) {
            if (!x.isObject()) {
                throw new BadParameterException("next", "each hop must be an object");
            }
            ObjectNode o = (ObjectNode) x;
            next.add(new Next(Json.requireString(o, "host", Endpoints.HOST), Json.requireInt(o, "port", 1, 65_535),
                    Json.requireDouble(o, "bytes_s", 0, 1e11)));
        }
        return new RelayParams(test, next);
    }

    @Override
    public int connections() {
        return 1;
    }

    @Override
    public Duration expectedDuration() {
        return test.expectedDuration();
    }

    @Override
    public Duration interval() {
        return test.interval();
    }

    @Override
    public long sockbuf() {
        return test.sockbuf();
    }

    @Override
    public String describe() {
        return test.describe() + ", relayed to " + String.join(", ", next.stream().map(Next::toString).toList());
    }
}
