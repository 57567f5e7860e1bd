package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.pathmtu.PathMtu;
import dev.probe.core.pathmtu.PathMtuProbe;
import dev.probe.core.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The path MTU both ways, checked before any stream step (a black hole would stall every one of them): primary to
 * standby, then back (after a switchover the redo flows that way). A black hole or a path that stalls is a FAIL
 * verdict naming the size that passes and the fix, and no stream step runs; an MTU TCP learned from ICMP is a
 * warning line; full-size packets a line of their own.
 */
public final class PathMtuFindings {
    /** The verdict's name. */
    public static final String NAME = "path MTU";

    private PathMtuFindings() {
    }

    /** Both directions, as {@link PathMtuProbe} finds them; the primary is the client. */
    static List<PathMtu> check(Target target, RunStop stop) throws InterruptedException {
        PathMtuProbe probe = new PathMtuProbe(target);
        List<PathMtu> both = new ArrayList<>();
        PathMtu forward = probe.check(true, stop);
        both.add(forward);
        if (stop.reason() == null) {
            boolean hole = forward.status() == PathMtu.Status.BLACK_HOLE;
            both.add(probe.check(false, hole ? forward.largest() : PathMtuProbe.ETHERNET, hole, stop));
        }
        return List.copyOf(both);
    }

    /** True when a stream step would stall on the path. */
    public static boolean stalls(List<PathMtu> found) {
        return found.stream().anyMatch(PathMtu::stalls);
    }

    /** One line per direction, as the console and the page print them. */
    public static List<String> lines(List<PathMtu> found) {
        return found.stream().map(PathMtuFindings::line).toList();
    }

    /** {@code p} in words, its direction named for Data Guard (the primary is the client). */
    public static String line(PathMtu p) {
        return p.towardServer() ? p.describe("the primary to standby", "the primary")
                : p.describe("the standby to primary", "the standby");
    }

    /** FAIL when a direction stalls (each such direction a reason); none otherwise. */
    static Optional<Verdict> verdict(List<PathMtu> found) {
        List<PathMtu> stalled = found.stream().filter(PathMtu::stalls).toList();
        if (stalled.isEmpty()) {
            return Optional.empty();
        }
        boolean alike = stalled.size() == 2 && stalled.get(0).status() == stalled.get(1).status()
                && stalled.get(0).largest() == stalled.get(1).largest()
                && stalled.get(0).senderMtu() == stalled.get(1).senderMtu();
        List<String> reasons = alike ? List.of(stalled.get(0).describe("both ways", "each host"))
                : stalled.stream().map(PathMtuFindings::line).toList();
        List<String> all = new ArrayList<>(reasons);
        all.add("no stream step ran: each would stall on this path (qualify again once the path is fixed)");
        return Optional.of(new Verdict(NAME, Rules.holds(false), all));
    }

    /** {@code [{direction, status, ..., described}]} for the summary. */
    static ArrayNode json(List<PathMtu> found) {
        ArrayNode a = Json.object().arrayNode();
        for (PathMtu p : found) {
            ObjectNode n = p.toJson();
            n.put("direction", p.towardServer() ? "primary_to_standby" : "standby_to_primary");
            n.put("described", line(p));
            a.add(n);
        }
        return a;
    }
}
