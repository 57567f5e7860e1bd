package dev.probe.core.bulk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.client.ClientConnection;
import dev.probe.core.client.ClientRun;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Ending;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.TcpInfo;
import dev.probe.core.tcp.TcpInfoReader;
import dev.probe.core.tls.Tls;
import dev.probe.core.units.CpuTime;
import dev.probe.core.units.CpuUsage;
import dev.probe.core.units.Rates;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Runs a bulk backup or restore, RMAN-style: {@code channels} connections take pieces from one shared queue
 * until the volume has moved or the duration is up; the receiver verifies every chunk; the run ends with each
 * channel's END / RESULT so both ends' counts are compared. Any short count or failed channel fails the run.
 *
 * <pre>{@code
 * BulkResult r = new BulkClient(BulkConfig.of("standby-host", 5555, params)).run(listener);
 * }</pre>
 */
public final class BulkClient {
    private final BulkConfig config;

    public BulkClient(BulkConfig config) {
        this.config = config;
    }

    /** Runs; throws {@link ProbeException} naming the channel and piece when a channel fails. */
    public BulkResult run(BulkListener listener) throws InterruptedException {
        return run(listener, new RunStop());
    }

    /**
     * Runs until done or {@code stop} (the result then says it is incomplete and why; no piece is started after
     * it). When the data phase fails the listener still gets the result of what moved, marked incomplete, before
     * the {@link ProbeException}.
     */
    public BulkResult run(BulkListener listener, RunStop stop) throws InterruptedException {
        return ClientRun.run(config.target(), config.params(), BulkParams.CHUNK, "probe-bulk", session -> {
            listener.onReady(session.ready());
            return transfer(session, listener, stop);
        });
    }

    private BulkResult transfer(ClientRun.Session session, BulkListener listener, RunStop stop)
            throws InterruptedException {
        BulkParams params = config.params();
        ObjectNode recorded = session.ready().content();
        try (Content content = open(recorded == null ? params : params.withContentRecord(recorded))) {
            return transfer(session, listener, content, stop);
        }
    }

    /** The run's content; a restore's is what the stored backup recorded, which may be a file of this host's. */
    private static Content open(BulkParams params) {
        try {
            return Content.of(params.payload(), params.seed(), params.pieceSize());
        } catch (BadParameterException e) {
            throw new ProbeException(ProbeException.Kind.REFUSED, "run " + params.runId() + " holds "
                    + params.payload() + ": " + e.getMessage());
        }
    }

    private BulkResult transfer(ClientRun.Session session, BulkListener listener, Content content, RunStop stop)
            throws InterruptedException {
        BulkParams params = config.params();
        boolean backup = params.direction() == Direction.BACKUP;
        Instant startedAt = Instant.now();
        CpuTime cpuAtStart = CpuTime.now();
        long t0 = System.nanoTime();
        PieceQueue queue = new PieceQueue(params.pieceCount(),
                params.volume() > 0 ? Long.MAX_VALUE : t0 + params.duration().toNanos());
        List<BulkWorker> workers = workers(session, content, queue, stop);
        BulkReporter reporter = new BulkReporter(workers, params, listener, backup);
        reporter.start(t0);
        workers.forEach(w -> w.handler.start(w, t0));
        stop.onRequest(() -> {
            queue.close();
            workers.forEach(w -> w.channel.eventLoop().execute(w::endNow));
        });
        long deadline = params.volume() > 0 ? Long.MAX_VALUE
                : t0 + params.duration().plus(config.target().timeout()).toNanos();
        List<Result> results = List.of();
        ProbeException failure = null;
        try {
            results = session.awaitResults(deadline);
        } catch (ProbeException e) {
            failure = e;
        } finally {
            workers.forEach(w -> w.channel.eventLoop().execute(w::stop));
        }
        TcpInfo clientTcp = backup ? reporter.readTcp() : null;
        long now = System.nanoTime(); // a channel that never finished (the run failed) counts until now
        workers.forEach(w -> w.counters().finishedIfNot(now));
        long end = workers.stream().mapToLong(w -> w.counters().finishedNanos()).max().orElse(now);
        reporter.stop(end);
        if (failure == null) {
            failure = countProblem(workers, results, backup, stop.reason() == null);
        }
        BulkResult result = result(startedAt, session, workers, results, t0, end, clientTcp, reporter,
                cpuAtStart.until(CpuTime.now()), failure != null ? failure.getMessage() : stop.reason());
        listener.onFinished(result);
        if (failure != null) {
            throw failure;
        }
        return result;
    }

    /** One worker per channel: a backup's sends pieces from the queue, a restore's asks for them and checks them. */
    private List<BulkWorker> workers(ClientRun.Session session, Content content, PieceQueue queue, RunStop stop) {
        BulkParams params = config.params();
        List<BulkWorker> workers = new ArrayList<>();
        for (int i = 0; i < session.connections().size(); i++) {
            ClientConnection c = session.connections().get(i);
            if (params.congestion() != null) {
                setCongestion(c, params.congestion());
            }
            CRC32C sent = params.verify() && !params.payload().derivable() ? new CRC32C() : null;
            workers.add(params.direction() == Direction.BACKUP
                    ? new BackupWorker(i, c, params, queue, new BulkCounters(stop), sent == null
                            ? ChunkSource.generated(content, Tls.session(c.channel()) != null)
                            : ChunkSource.buffers(content, sent::update), sent)
                    : new RestoreWorker(i, c, params, queue, new BulkCounters(stop),
                            new PieceReceiver(content, params.verify(), i)));
        }
        return workers;
    }

    private static void setCongestion(ClientConnection c, String algorithm) {
        try {
            TcpInfoReader.setCongestionControl(c.channel(), algorithm);
        } catch (IllegalStateException e) {
            throw new ProbeException(ProbeException.Kind.REFUSED, e.getMessage());
        }
    }

    /**
     * Both ends must have counted the same bytes on every channel, and a volume must have moved whole
     * ({@code whole}: the run was not stopped early); the failure to report, or null.
     */
    private ProbeException countProblem(List<BulkWorker> workers, List<Result> results, boolean backup, boolean whole) {
        long total = 0;
        for (int i = 0; i < workers.size(); i++) {
            long mine = workers.get(i).counters().bytes();
            long theirs = backup ? results.get(i).bytesReceived() : results.get(i).bytesSent();
            if (mine != theirs) {
                return new ProbeException(ProbeException.Kind.INTEGRITY, "channel " + i + ": client "
                        + (backup ? "sent " : "received ") + mine + " bytes but the server " + (backup ? "received "
                                : "sent ")
                        + theirs);
            }
            total += mine;
        }
        BulkParams params = config.params();
        if (whole && params.volume() > 0 && total != params.volume()) {
            return new ProbeException(ProbeException.Kind.INTEGRITY, "moved " + total + " bytes, not the volume of "
                    + params.volume());
        }
        return null;
    }

    private BulkResult result(Instant startedAt, ClientRun.Session session, List<BulkWorker> workers,
                              List<Result> results,
                              long t0, long end, TcpInfo clientTcp, BulkReporter reporter, CpuUsage cpu,
                              String incomplete) {
        long nanos = end - t0;
        BulkParams params = config.params();
        boolean backup = params.direction() == Direction.BACKUP;
        List<ChannelStats> channels = new ArrayList<>();
        for (BulkWorker w : workers) {
            BulkCounters c = w.counters();
            channels.add(new ChannelStats(w.index, c.bytes(), c.pieces(), Rates.gbps(c.bytes(), c.finishedNanos()
                    - t0)));
        }
        String congestion = backup
                ? TcpInfoReader.congestionControl(workers.get(0).channel).orElse(null)
                : results.isEmpty() ? null : results.get(0).serverCongestion();
        TcpStats tcp = backup
                ? (clientTcp == null ? null : TcpStats.between(null, clientTcp, congestion))
                : serverTcp(results, congestion);
        BulkSummary summary = BulkSummary.of(nanos, channels, params.verify() && !results.isEmpty(), config.dbSize(),
                tcp,
                backup ? "client" : "server", cpu, ClientRun.serverCpu(results), reporter.samples(),
                backup ? "backup" : "restore");
        Target target = config.target();
        return new BulkResult(startedAt, target.host(), target.port(), params, target.transport().name(),
                session.ready().server(), session.ready().storage(), Tls.session(session.connections().get(0)
                        .channel()),
                summary, channels, reporter.samples(), incomplete);
    }

    private static TcpStats serverTcp(List<Result> results, String congestion) {
        TcpInfo sum = Ending.serverTcp(results);
        return sum == null ? null : TcpStats.between(null, sum, congestion);
    }
}
