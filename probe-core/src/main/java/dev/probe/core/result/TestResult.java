package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.tcp.HostSettings;
import dev.probe.core.tls.Tls;
import java.time.Instant;
import java.util.List;

/**
 * A finished sync or async test: the {@code probe.result/1} document (docs/reference/schema.md).
 * {@code incomplete} says why the run ended before its time or without the server's counts (null when complete);
 * {@code route} is the source address and DSCP asked and the DSCP the server saw (params' {@code route}), or null;
 * {@code clientHost} and {@code serverHost} each end's TCP settings (null where unknown: an older server);
 * {@code clock} the server's clock against the client's (null where unknown).
 */
public record TestResult(String kind, Instant startedAt, String host, int port, TestParams params,
        String transport, String server, Tls.Session tls, Summary summary,
        List<IntervalSample> intervals, String incomplete, ObjectNode route,
        HostSettings clientHost, HostSettings serverHost, ClockOffset clock) {

    public static final String SCHEMA = "probe.result/1";

    public ObjectNode toJson() {
        ObjectNode p = params.toJson();
        ResultEnvelope.putPeer(p, host, port, transport, server);
        ResultEnvelope.putTls(p, tls);
        if (route != null) {
            p.set("route", route);
        }
        if (clientHost != null || serverHost != null || clock != null) {
            ObjectNode hosts = p.putObject("hosts");
            if (clock != null) {
                hosts.set("clock", clock.toJson());
            }
            if (clientHost != null) {
                hosts.set("client", Handshake.hostJson(clientHost));
            }
            if (serverHost != null) {
                hosts.set("server", Handshake.hostJson(serverHost));
            }
        }
        return ResultEnvelope.incomplete(ResultEnvelope.of(kind, startedAt, p, summary.toJson(), null, intervals),
                incomplete);
    }
}
