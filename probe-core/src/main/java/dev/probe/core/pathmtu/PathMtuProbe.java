package dev.probe.core.pathmtu;

import dev.probe.core.client.Egress;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds the largest IP packet a path carries in one direction with TCP alone, so a firewall that drops ICMP cannot
 * hide it: a probe is a short test on a new connection to the probe server (its port, its route) that must deliver
 * a few full segments within {@link #STALL}; a stalled one is a finding, not an error. First at the size the
 * interfaces allow: when it passes, TCP_INFO's path MTU says whether ICMP taught TCP a smaller one. When it stalls,
 * rounds of {@link #PER_ROUND} probes at once, each connection's segments clamped with TCP_MAXSEG (which also
 * clamps the MSS it asks its peer for, so the server's segments shrink alike), narrow the edge to the byte. Needs
 * the epoll transport; probes close with a reset, so a stalled one frees the server at once.
 *
 * <pre>{@code
 * PathMtu forward = new PathMtuProbe(target).check(true, stop);
 * }</pre>
 */
public final class PathMtuProbe {
    /** How long a probe may take to deliver its segments before its size counts as not passing. */
    static final Duration STALL = Duration.ofSeconds(3);
    /**
     * How long a second full-size probe, started beside the search, is given before a black hole is named: on a
     * loaded host a probe that must pass can stall for 3 s (a CI run named one at 32,806 bytes on loopback), and a
     * wrong black hole sends a DBA to the firewall team. Beside the search, not after it, it costs a black hole no
     * time of its own (the search's rounds take longer), where it once added 10 s to each direction.
     */
    static final Duration CONFIRM = Duration.ofSeconds(10);
    /** The smallest packet tried: RFC 791's 576 bytes, which every IPv4 path must carry. */
    static final int MIN_PACKET = 576;
    /** How often a black hole's edge that passed its own confirmation sends the search on above it. */
    static final int RESUMES = 2;
    /** Probes run at once in each round of the search. */
    static final int PER_ROUND = 15;
    /** The size tried first when nothing better is known: jumbo-frame hosts behind a 1500-byte hop, the usual hole. */
    public static final int ETHERNET = 1500;

    private final Target target;
    private final SizeProbes sizeProbes;

    public PathMtuProbe(Target target) {
        this(target, new SizeProbes(target));
    }

    /** With the probes {@code sizeProbes} runs (tests: a path and a host of their own). */
    PathMtuProbe(Target target, SizeProbes sizeProbes) {
        this.target = target;
        this.sizeProbes = sizeProbes;
    }

    /** One direction: {@code towardServer} when the client sends, else the server sends (a reverse test). */
    public PathMtu check(boolean towardServer, RunStop stop) throws InterruptedException {
        return check(towardServer, ETHERNET, stop);
    }

    /**
     * One direction, trying {@code hint} (0: none) and the size above it first: the other direction's black hole,
     * which most paths share, then settles in one round (as the usual 1500 does when no hint is given).
     */
    public PathMtu check(boolean towardServer, int hint, RunStop stop) throws InterruptedException {
        return check(towardServer, hint, false, stop);
    }

    /**
     * As {@link #check(boolean, int, RunStop)}; {@code hintConfirmed}: {@code hint} is the other direction's black
     * hole, confirmed (its full size stalled for {@link #CONFIRM} while this host passed smaller probes), so a black
     * hole found at exactly that size stands without waiting for a confirmation of its own: a slow host stalls
     * sizes at random, not at the byte the other direction settled on (a loaded CI host took 61.8 s to name one
     * both ways, against 27 s idle, the second direction's 10 s confirmation in it).
     */
    public PathMtu check(boolean towardServer, int hint, boolean hintConfirmed, RunStop stop)
            throws InterruptedException {
        long t0 = System.nanoTime();
        if (!target.transport().clampsSegments()) {
            return new PathMtu(towardServer, PathMtu.Status.UNCHECKED, 0, 0, "?", 0, 0,
                    "needs the epoll transport (TCP_MAXSEG), not " + target.transport().name());
        }
        SizeProbes.Outcome full;
        try {
            full = sizeProbes.probe(Egress.MAX_MSS, towardServer, stop, STALL);
        } catch (ProbeException e) {
            if (towardServer || e.kind() != ProbeException.Kind.REFUSED) {
                throw e;
            }
            return new PathMtu(false, PathMtu.Status.UNCHECKED, 0, 0, "?", 1, seconds(t0), e.getMessage());
        }
        if (stop.reason() != null) {
            return new PathMtu(towardServer, PathMtu.Status.UNCHECKED, 0, 0, "?", 1, seconds(t0), stop.reason());
        }
        int senderMtu = ProbeReadings.mtu(full.result(), towardServer);
        int hi = Math.max(MIN_PACKET + 1, Math.min(Egress.MAX_MSS + PathMtu.HEADERS,
                Math.min(ProbeReadings.positive(senderMtu), ProbeReadings.positive(ProbeReadings.mtu(full.result(),
                        !towardServer)))));
        String probing = ProbeReadings.probing(full.result(), towardServer);
        if (full.delivered()) {
            int learned = ProbeReadings.learned(full.result(), hi, MIN_PACKET);
            return new PathMtu(towardServer, learned > 0 ? PathMtu.Status.LEARNED : PathMtu.Status.FULL, senderMtu,
                    learned > 0 ? learned : hi, probing, 1, seconds(t0), null);
        }
        Search q = new Search(towardServer, senderMtu, hi, hint, probing, t0);
        RunStop unneeded = new RunStop();
        FutureTask<SizeProbes.Outcome> confirm = new FutureTask<>(() -> sizeProbes.probe(Egress.MAX_MSS, towardServer,
                unneeded, CONFIRM));
        Thread confirming = new Thread(confirm, "probe-pmtu-confirm");
        confirming.setDaemon(true);
        confirming.start();
        try {
            PathMtu found = search(q, stop);
            boolean sameEdge = hintConfirmed && found.status() == PathMtu.Status.BLACK_HOLE && found.largest() == hint;
            found = sameEdge ? found : edgeHeld(q, found, stop);
            found = found.stalls() && stop.reason() == null && !sameEdge ? confirmed(q, found, confirm, stop) : found;
            return found.stalls() ? oneHost(q, found) : found;
        } finally {
            unneeded.request("the search settled without it");
        }
    }

    /**
     * A black hole, or a path that stalls at every size, stands only when the full size, probed beside the search
     * ({@code confirm}), stalled for {@link #CONFIRM} too; else the host was slow (a CI run's policed lab link named
     * a stall at 576 bytes from 3 s probes beside three other labs). A stop while it runs leaves the size unchecked.
     */
    private PathMtu confirmed(Search q, PathMtu found, Future<SizeProbes.Outcome> confirm, RunStop stop)
            throws InterruptedException {
        SizeProbes.Outcome o = null;
        while (o == null) {
            if (stop.reason() != null) {
                return q.found(PathMtu.Status.UNCHECKED, found.largest(), found.probes() + 1, stop.reason());
            }
            try {
                o = confirm.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // still within its time: look at the stop again
            } catch (ExecutionException e) {
                throw SizeProbes.cause(e);
            }
        }
        if (!o.delivered()) {
            return q.found(found.status(), found.largest(), found.probes() + 1, found.note());
        }
        return q.found(PathMtu.Status.FULL, q.hi, found.probes() + 1, (found.status() == PathMtu.Status.STALLED
                ? "probes of every size" : "probes over " + found.largest() + " bytes") + " stalled for "
                + STALL.toSeconds() + " s, the full size then passed within " + CONFIRM.toSeconds() + " s: a slow "
                + "host or path, not " + (found.status() == PathMtu.Status.STALLED ? "a stall" : "a black hole"));
    }

    /**
     * A black hole's edge stands only where the next byte up, probed alone for {@link #CONFIRM}, stalls again: a
     * round of probes at once on a loaded host stalls sizes that pass (a fresh-clone run's lab path of 1500 bytes
     * was named 1272). Where it passes, the search goes on above it, at most {@link #RESUMES} times; then the edge
     * is left unchecked, with what was seen, rather than named wrong. Where the next byte up is the full size, its
     * passing ends the search: the path carries it (a fresh-clone run beside two busy loops stalled only the full
     * size of a loopback qualify, and the search went on past it to an MSS of 32,768, which TCP_MAXSEG refuses).
     */
    private PathMtu edgeHeld(Search q, PathMtu found, RunStop stop) throws InterruptedException {
        PathMtu at = found;
        for (int resumes = 0; at.status() == PathMtu.Status.BLACK_HOLE; resumes++) {
            int next = at.largest() + 1;
            boolean passed = sizeProbes.probe(next - PathMtu.HEADERS, q.towardServer, stop, CONFIRM).delivered();
            if (stop.reason() != null) {
                return q.found(PathMtu.Status.UNCHECKED, at.largest(), at.probes() + 1, stop.reason());
            }
            if (!passed) {
                return q.found(PathMtu.Status.BLACK_HOLE, at.largest(), at.probes() + 1, resumes == 0 ? at.note()
                        : String.format(Locale.ROOT, "rounds of probes at once stalled sizes that then passed alone, "
                                + "up to %d bytes (a slow host); the edge was probed alone for %d s", at.largest(),
                                CONFIRM.toSeconds()));
            }
            if (next >= q.hi) { // the full size itself passed alone: no edge below it
                return q.found(PathMtu.Status.FULL, q.hi, at.probes() + 1, String.format(Locale.ROOT, "probes of %d "
                        + "bytes stalled in rounds at once, then passed alone within %d s: a slow host, not a black "
                        + "hole", q.hi, CONFIRM.toSeconds()));
            }
            if (resumes == RESUMES) {
                return q.found(PathMtu.Status.UNCHECKED, next, at.probes() + 1, String.format(Locale.ROOT,
                        "packets of %d bytes passed and of %d never did, but sizes between stalled for %d s and then "
                                + "passed: this host was too slow to find the edge; run again when it is quieter",
                        next, q.hi, STALL.toSeconds()));
            }
            at = search(q, next, q.hi, at.probes() + 1, stop);
        }
        return at;
    }

    /**
     * A stall on a connection that never leaves this host is the host's: no router lies between to drop a packet
     * without an ICMP (a fresh-clone run's loopback qualify named "path MTU 27434 with ICMP blocked" at load 10).
     */
    private PathMtu oneHost(Search q, PathMtu found) {
        if (!TcpStats.hostInternal(target.host())) {
            return found;
        }
        return q.found(PathMtu.Status.FULL, q.hi, found.probes(), (found.status() == PathMtu.Status.STALLED
                ? "probes of every size" : "probes over " + found.largest() + " bytes") + " stalled on a connection "
                + "that never leaves this host: no router lies between to drop them, so the host was slow, not "
                + (found.status() == PathMtu.Status.STALLED ? "a stall" : "a black hole"));
    }

    /** The full-size probe stalled: rounds of probes at once narrow the largest packet that passes. */
    private PathMtu search(Search q, RunStop stop) throws InterruptedException {
        return search(q, 0, q.hi, 1, stop);
    }

    /**
     * Rounds of probes at once narrow the edge between {@code from} (passed; 0: none yet) and {@code to} (stalled),
     * after {@code probesBefore} probes; the first round (from 0) also tries the smallest, the full size again and
     * the hint.
     */
    private PathMtu search(Search q, int from, int to, int probesBefore, RunStop stop) throws InterruptedException {
        int hi = q.hi;
        int good = from;
        int bad = to;
        int probes = probesBefore;
        boolean first = from == 0;
        while (bad - Math.max(good, MIN_PACKET - 1) > 1 || first) {
            List<Integer> sizes = new ArrayList<>();
            if (first) {
                sizes.add(MIN_PACKET);
                sizes.add(hi); // again: a first stall that was a loss burst, not the size, passes now
                if (q.hint > MIN_PACKET && q.hint + 1 < hi) {
                    sizes.addAll(List.of(q.hint, q.hint + 1));
                }
            }
            sizes.addAll(between(Math.max(good, MIN_PACKET), bad, PER_ROUND - sizes.size()));
            List<SizeProbes.Outcome> outcomes = sizeProbes.runAll(sizes, q.towardServer, stop);
            probes += outcomes.size();
            if (stop.reason() != null) {
                return q.found(PathMtu.Status.UNCHECKED, good, probes, stop.reason());
            }
            if (first && outcomes.get(1).delivered()) {
                return secondPassed(q, outcomes.get(1).result(), probes);
            }
            if (first && !outcomes.get(0).delivered()) { // the smallest stalls too: given CONFIRM, or a slow host
                if (!sizeProbes.probe(MIN_PACKET - PathMtu.HEADERS, q.towardServer, stop, CONFIRM).delivered()) {
                    return q.found(PathMtu.Status.STALLED, 0, probes + 1, null);
                }
                outcomes.set(0, new SizeProbes.Outcome(MIN_PACKET, true, null));
                probes++;
            }
            first = false;
            for (SizeProbes.Outcome o : outcomes) {
                if (o.delivered() && o.packet() > good) {
                    good = o.packet();
                }
            }
            for (SizeProbes.Outcome o : outcomes) {
                if (!o.delivered() && o.packet() > good && o.packet() < bad) {
                    bad = o.packet();
                }
            }
        }
        return q.found(PathMtu.Status.BLACK_HOLE, good, probes, null);
    }

    /** The full size passed again: LEARNED if ICMP lowered its packets meanwhile (3 s at load 9), else a loss burst. */
    private static PathMtu secondPassed(Search q, TestResult second, int probes) {
        int learned = second == null ? 0 : ProbeReadings.learned(second, q.hi, MIN_PACKET);
        return learned > 0 ? q.found(PathMtu.Status.LEARNED, learned, probes, null) : q.found(PathMtu.Status.FULL, q.hi,
                probes, "the first full-size probe stalled for "
                        + STALL.toSeconds() + " s, the second passed: a loss burst, not the size");
    }

    /** Up to {@code n} sizes spread evenly strictly between {@code lo} and {@code hi}. */
    static List<Integer> between(int lo, int hi, int n) {
        List<Integer> out = new ArrayList<>();
        int count = Math.min(n, hi - lo - 1);
        for (int i = 1; i <= count; i++) {
            int size = lo + (int) Math.round((double) i * (hi - lo) / (count + 1));
            if (size > lo && size < hi && (out.isEmpty() || out.get(out.size() - 1) != size)) {
                out.add(size);
            }
        }
        return out;
    }

    /** What a search starts from: the direction, the sender's MTU, the size that stalled, a size to try first. */
    private record Search(boolean towardServer, int senderMtu, int hi, int hint, String probing, long t0) {
        /** What the search found, after {@code probes} probes in all. */
        PathMtu found(PathMtu.Status status, int largest, int probes, String note) {
            return new PathMtu(towardServer, status, senderMtu, largest, probing, probes, seconds(t0), note);
        }
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
