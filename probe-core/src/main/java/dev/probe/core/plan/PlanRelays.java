package dev.probe.core.plan;

import dev.probe.core.client.HostPort;
import dev.probe.core.error.UsageException;
import dev.probe.core.params.RelayParams;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Relayed;
import dev.probe.core.result.RunListener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The relays of a plan's run: a hop from the primary to a site that forwards (a Far Sync, a cascading standby) goes to
 * that site's agent, which receives it as the site's server would and forwards it to the site's own destinations, each
 * no faster than that hop carries in production; its RELAYED frames become each relayed hop's {@link RelayTrace}.
 * One relay per path: a site that receives relayed redo and forwards it again is refused ({@link #refuseUnbuilt}). A
 * RAC primary's nodes each send their own thread to the relay, which forwards each ({@link PlanRac}).
 */
final class PlanRelays {
    private final Plan plan;
    private final PlanDemand demand;
    private final Map<Route, RelayTrace> traces = new LinkedHashMap<>();
    private final long writeSize;

    PlanRelays(Plan plan, PlanDemand demand, long writeSize) {
        this.plan = plan;
        this.demand = demand;
        this.writeSize = writeSize;
        for (PlanDemand.Hop h : demand.hops()) {
            if (!h.route().from().equals(plan.primary().name())) {
                traces.put(h.route(), new RelayTrace(h, writeSize));
            }
        }
    }

    /**
     * Refuses, in one line naming the route, what no relay here runs: redo relayed twice (a cascade behind a Far Sync
     * or behind another cascading standby) and a relay forwarding SYNC or FASTSYNC.
     */
    static void refuseUnbuilt(Plan plan) {
        String primary = plan.primary().name();
        for (Route r : plan.routes()) {
            if (r.from().equals(primary)) {
                continue;
            }
            List<Route> path = plan.hopsTo(r.to());
            if (path.size() > 2) {
                throw new UsageException("--plan " + plan.file() + ": routes." + r.from() + ": " + r.from()
                        + " forwards redo it receives relayed (" + describe(path) + "); probe relays once per path "
                        + "(--dry-run shows what each hop must carry)");
            }
            if (r.mode().waits()) {
                throw new UsageException("--plan " + plan.file() + ": routes." + r.from() + ": " + r + ": a relay "
                        + "forwards ASYNC (use ASYNC, or ship SYNC from the primary)");
            }
        }
    }

    private static String describe(List<Route> path) {
        StringBuilder b = new StringBuilder(path.get(0).from());
        path.forEach(r -> b.append(" -> ").append(r.to()));
        return b.toString();
    }

    /** Whether the hop's destination forwards the redo (the hop then goes to its relay). */
    boolean relays(PlanDemand.Hop hop) {
        return !plan.routesFrom(hop.route().to()).isEmpty();
    }

    /** The agent the destination's relay runs in. */
    HostPort agent(PlanDemand.Hop hop) {
        return plan.site(hop.route().to()).agents().get(0);
    }

    /** What the relay is asked: receive {@code test}, forward it to each destination of the hop's site. */
    RelayParams request(PlanDemand.Hop hop, TestParams test) {
        return new RelayParams(test, next(hop, test, 1));
    }

    /**
     * Where the relay forwards {@code test}, which carries {@code share} of the hop's redo (a RAC node's thread: its
     * instance's share; one for a single primary): each destination of the hop's site, no faster than its share of
     * what that hop carries.
     */
    List<RelayParams.Next> next(PlanDemand.Hop hop, TestParams test, double share) {
        List<RelayParams.Next> next = new ArrayList<>();
        for (PlanDemand.Hop onward : demand.hops()) {
            if (onward.route().from().equals(hop.route().to())) {
                HostPort at = plan.site(onward.route().to()).server();
                // a paced client's stream is the redo already: forwarded whole unless this hop carries less
                boolean whole = test.openLoop() && onward.carriedBytesPerS() >= hop.carriedBytesPerS();
                next.add(new RelayParams.Next(at.host(), at.port(), whole ? 0 : share * onward
                        .carriedBytesPerS() * (test.length() + Frames.HEADER_LENGTH) / Math.max(1, test.length())));
            }
        }
        return next;
    }

    /** Which of the primary's {@code direct} hops brings the redo into {@code relayed}'s relay; -1 when none. */
    static int into(List<PlanDemand.Hop> direct, PlanDemand.Hop relayed) {
        for (int i = 0; i < direct.size(); i++) {
            if (direct.get(i).route().to().equals(relayed.route().from())) {
                return i;
            }
        }
        return -1;
    }

    /** The hops {@code hop}'s destination forwards to. */
    List<PlanDemand.Hop> onward(PlanDemand.Hop hop) {
        return demand.hops().stream().filter(h -> h.route().from().equals(hop.route().to())).toList();
    }

    /** The name a relay's RELAYED frames give the destination of {@code onward}. */
    String frameTarget(PlanDemand.Hop onward) {
        HostPort at = plan.site(onward.route().to()).server();
        return new RelayParams.Next(at.host(), at.port(), 0).toString();
    }

    /** Hears the relay of {@code hop}, whose round trip was {@code rttMs}: each frame to its relayed hop's trace. */
    RunListener listener(PlanDemand.Hop hop, double rttMs) {
        return listener(hop, rttMs, traces);
    }

    /** Fresh traces for every relayed hop (a later phase's). */
    Map<Route, RelayTrace> fresh() {
        Map<Route, RelayTrace> out = new LinkedHashMap<>();
        traces.forEach((route, t) -> out.put(route, new RelayTrace(demand.hops().stream()
                .filter(h -> h.route().equals(route)).findFirst().orElseThrow(), writeSize)));
        return out;
    }

    /** The relayed hops. */
    List<Route> relayed() {
        return List.copyOf(traces.keySet());
    }

    /** {@link #listener(PlanDemand.Hop, double)} into {@code into}'s traces. */
    RunListener listener(PlanDemand.Hop hop, double rttMs, Map<Route, RelayTrace> into) {
        Map<String, RelayTrace> byTarget = new LinkedHashMap<>();
        into.forEach((route, trace) -> {
            if (route.from().equals(hop.route().to())) {
                byTarget.put(frameTarget(demand.hops().stream().filter(h -> h.route().equals(route)).findFirst()
                        .orElseThrow()), trace);
                trace.firstHopRtt(rttMs);
            }
        });
        return new RunListener() {
            @Override
            public void onRelayed(Relayed r) {
                RelayTrace t = byTarget.get(r.to());
                if (t != null) {
                    t.add(r);
                }
            }
        };
    }

    /** The trace of a relayed hop, or null for a hop from the primary. */
    RelayTrace trace(Route route) {
        return traces.get(route);
    }
}
