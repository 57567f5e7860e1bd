package dev.probe.core.pathmtu;

import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Probes of one packet size each, for {@link PathMtuProbe}'s search: a short test on a new connection to the probe
 * server with its segments clamped by TCP_MAXSEG, delivered or stalled; one at a time or a round at once.
 */
class SizeProbes {
    /** Segments each probe sends: more than one, so at least one is full. */
    private static final int SEGMENTS = 16;
    /** How long a probe's sender sends: the first message at once, more only while this lasts. */
    private static final Duration SENDING = Duration.ofMillis(200);
    /** A reverse probe's messages per second: one at once, perhaps one more. */
    private static final double REVERSE_RATE = 5;
    private final Target target;

    SizeProbes(Target target) {
        this.target = target;
    }

    /** Probes of every size in {@code sizes} at once, in their order. */
    List<Outcome> runAll(List<Integer> sizes, boolean towardServer, RunStop stop) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(sizes.size(), r -> {
            Thread t = new Thread(r, "probe-pmtu");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Outcome>> futures = new ArrayList<>();
            for (int size : sizes) {
                futures.add(pool.submit(() -> probe(size - PathMtu.HEADERS, towardServer, stop, PathMtuProbe.STALL)));
            }
            List<Outcome> out = new ArrayList<>();
            for (Future<Outcome> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            throw cause(e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * One probe: a new connection with its MSS clamped to {@code mss}, {@link #SEGMENTS} segments of it sent (by the
     * server when not {@code towardServer}); delivered, or stalled after the handshake. A failure before the server
     * answered is the run's error, not a size.
     */
    Outcome probe(int mss, boolean towardServer, RunStop stop, Duration stall) throws InterruptedException {
        Target clamped = new Target(target.host(), target.port(), target.connectTimeout(), stall, target.security(),
                target.transport(), target.route().withMss(mss));
        long length = (long) Math.min(mss, ProbeReadings.JUMBO) * SEGMENTS;
        TestParams params = (towardServer ? TestParams.builder(Mode.SYNC)
                : TestParams.builder(Mode.ASYNC).rate(REVERSE_RATE).reverse(true))
                        .length(length).duration(SENDING).build();
        Ready[] ready = {null};
        TestResult[] result = {null};
        RunListener listener = new RunListener() {
            @Override
            public void onReady(Ready r, int sndbuf) {
                ready[0] = r;
            }

            @Override
            public void onFinished(TestResult r) {
                result[0] = r;
            }
        };
        try {
            TestResult r = new RedoClient(new RedoConfig(clamped, params)).run(listener, stop);
            return new Outcome(mss + PathMtu.HEADERS, r.summary().bytesReceived() >= length, r);
        } catch (ProbeException e) {
            if (ready[0] == null && e.kind() == ProbeException.Kind.TIMEOUT && stall.compareTo(target.timeout()) < 0) {
                // no READY within the stall: a READY is one small segment that any path carries, so this is a busy
                // server host (a CI run's loopback qualify), not the size: once more, waiting the network timeout
                return probe(mss, towardServer, stop, target.timeout());
            }
            if (ready[0] == null || e.kind() != ProbeException.Kind.TIMEOUT) {
                throw e;
            }
            return new Outcome(mss + PathMtu.HEADERS, false, result[0]);
        }
    }

    /** A probe's failure as it was thrown: a ProbeException keeps its kind. */
    static RuntimeException cause(ExecutionException e) {
        return e.getCause() instanceof ProbeException p ? p : new IllegalStateException(e.getCause());
    }

    /** A probe's packet size, whether its segments arrived in time, and its result (null when none came). */
    record Outcome(int packet, boolean delivered, TestResult result) {
    }
}
