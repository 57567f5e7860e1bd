package dev.probe.core.objstore.client;

import com.oracle.bmc.ClientConfiguration;
import com.oracle.bmc.http.ClientConfigurator;
import com.oracle.bmc.model.BmcException;
import com.oracle.bmc.objectstorage.ObjectStorageClient;
import com.oracle.bmc.objectstorage.model.ObjectSummary;
import com.oracle.bmc.objectstorage.requests.DeleteObjectRequest;
import com.oracle.bmc.objectstorage.requests.ListObjectsRequest;
import com.oracle.bmc.objectstorage.responses.ListObjectsResponse;
import com.oracle.bmc.retrier.DefaultRetryCondition;
import com.oracle.bmc.retrier.RetryConfiguration;
import dev.probe.core.client.ProbeException;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Ticker;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.payload.PieceQueue;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.result.ObjstoreResult;
import dev.probe.core.result.ProgressSampler;
import dev.probe.core.units.CpuTime;
import dev.probe.core.units.CpuUsage;
import dev.probe.core.units.Rates;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs RMAN-style channels against OCI Object Storage (or a probe server's compatible endpoint) through the real
 * OCI Java SDK: backup writes pieces as multipart uploads of generated content, restore reads them back and
 * verifies them; both report throughput, per-operation latencies and the projected time for the database size.
 */
public final class ObjstoreClient {
    private static final DefaultRetryCondition SDK_RETRY = new DefaultRetryCondition();
    /** The service's own message inside the SDK's long exception text. */
    private static final Pattern SDK_MESSAGE = Pattern.compile(
            "\\(\\d+, [^,]*, (?:true|false)\\) (.*?) \\(opc-request-id");
    private final ObjstoreConfig config;

    public ObjstoreClient(ObjstoreConfig config) {
        this.config = config;
    }

    private ObjectStorageClient newClient(ObjstoreMetrics metrics) {
        RetryConfiguration retry = RetryConfiguration.builder().retryCondition(e -> {
            boolean again = SDK_RETRY.shouldBeRetried(e);
            if (again) {
                metrics.retries.increment();
            }
            return again;
        }).build();
        var builder = ObjectStorageClient.builder()
                .configuration(ClientConfiguration.builder().retryConfiguration(retry).readTimeoutMillis(300_000)
                        .build());
        ClientConfigurator routed = RoutedConnections.of(config.route());
        if (routed != null) {
            builder.additionalClientConfigurator(routed);
        }
        ObjectStorageClient c = builder.build(config.auth());
        if (config.endpoint() != null) {
            c.setEndpoint(config.endpoint());
        }
        return c;
    }

    /** Runs; {@code progress} hears one sample per interval. Throws {@link ProbeException} naming the failure. */
    public ObjstoreResult run(Consumer<BulkProgress> progress) throws InterruptedException {
        return run(progress, () -> {});
    }

    /**
     * Runs, calling {@code ready} once the SDK clients are built (and a restore's objects listed), just before the
     * data starts: an agent waits there for the fan-out's start instant.
     */
    public ObjstoreResult run(Consumer<BulkProgress> progress, Runnable ready) throws InterruptedException {
        return run(progress, ready, new RunStop(), r -> {});
    }

    /**
     * Runs until done or {@code stop} (no piece is started after it; the result says it is incomplete and why);
     * {@code finished} gets the result, also of a run that failed mid-way (marked incomplete, what moved until then)
     * before the {@link ProbeException}.
     */
    public ObjstoreResult run(Consumer<BulkProgress> progress, Runnable ready, RunStop stop,
                              Consumer<ObjstoreResult> finished) throws InterruptedException {
        BulkParams b = config.params().bulk();
        boolean backup = b.direction() == Direction.BACKUP;
        ObjstoreMetrics metrics = new ObjstoreMetrics();
        List<ObjectStorageClient> clients = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(b.channels());
        try {
            for (int i = 0; i < b.channels(); i++) {
                clients.add(newClient(metrics));
            }
            List<String> names = backup ? null : pieces(clients.get(0));
            long count = backup ? b.pieceCount() : b.volume() > 0 ? names.size() : Long.MAX_VALUE;
            ready.run();
            Instant startedAt = Instant.now();
            CpuTime cpuAtStart = CpuTime.now();
            long t0 = System.nanoTime();
            long deadline = b.volume() > 0 ? Long.MAX_VALUE : t0 + b.duration().toNanos();
            PieceQueue queue = new PieceQueue(count, deadline);
            List<ObjstoreChannel> channels = new ArrayList<>();
            for (int i = 0; i < b.channels(); i++) {
                channels.add(new ObjstoreChannel(i, clients.get(i), config, queue, names, metrics, stop));
            }
            List<BulkProgress> samples = Collections.synchronizedList(new ArrayList<>());
            Ticker ticker = ticker(b, t0, channels, samples, progress);
            ticker.start(t0);
            stop.onRequest(queue::close);
            ProbeException failure = runAll(pool, channels);
            long now = System.nanoTime();
            long end = channels.stream().mapToLong(c -> c.finishedNanos == 0 ? now : c.finishedNanos).max().orElse(now);
            ticker.stop(end);
            if (!config.params().keep() && failure == null) { // a failed run's endpoint may be gone: no cleanup wait
                delete(clients.get(0), backup ? channels.stream().flatMap(c -> c.written.stream()).toList() : names);
            }
            ObjstoreResult result = result(startedAt, channels, metrics, t0, end, samples, cpuAtStart.until(CpuTime
                    .now()),
                    failure != null ? failure.getMessage() : stop.reason());
            finished.accept(result);
            if (failure != null) {
                throw failure;
            }
            return result;
        } finally {
            pool.shutdownNow();
            clients.forEach(ObjectStorageClient::close);
        }
    }

    /** Every interval: the channels' progress, sampled, kept and told to {@code progress}. */
    private static Ticker ticker(BulkParams b, long t0, List<ObjstoreChannel> channels, List<BulkProgress> samples,
                                 Consumer<BulkProgress> progress) {
        ProgressSampler sampler = new ProgressSampler(t0, b.volume(), b.duration(),
                b.direction() == Direction.BACKUP && b.volume() > 0 ? b.pieceCount() : -1);
        return new Ticker(b.interval().toNanos(), now -> {
            BulkProgress p = sampler.sample(now, channels.stream().mapToLong(ObjstoreChannel::progressBytes).sum(),
                    channels.stream().mapToLong(c -> c.pieces).sum(), null);
            samples.add(p);
            progress.accept(p);
        }, true);
    }

    /** Runs every channel on the pool until all are done or one fails: that failure, or null. */
    private ProbeException runAll(ExecutorService pool, List<ObjstoreChannel> channels) throws InterruptedException {
        List<Future<?>> futures = new ArrayList<>();
        channels.forEach(c -> futures.add(pool.submit(c)));
        try {
            for (Future<?> f : futures) {
                f.get();
            }
            return null;
        } catch (ExecutionException e) {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            return failure(e.getCause());
        }
    }

    /** The pieces a backup left under the prefix, in order. */
    private List<String> pieces(ObjectStorageClient c) {
        List<String> names = new ArrayList<>();
        String start = null;
        do {
            ListObjectsResponse r = c.listObjects(ListObjectsRequest.builder().namespaceName(config.namespace())
                    .bucketName(config.bucket()).prefix(config.params().prefix()).start(start).limit(1000).build());
            for (ObjectSummary o : r.getListObjects().getObjects()) {
                if (o.getName().matches(".*piece-\\d{10}")) {
                    names.add(o.getName());
                }
            }
            start = r.getListObjects().getNextStartWith();
        } while (start != null);
        if (names.isEmpty()) {
            throw new ProbeException(ProbeException.Kind.REFUSED, "no pieces under " + config.bucket() + "/"
                    + config.params().prefix() + " to restore (run a backup with --keep and the same --prefix first)");
        }
        Collections.sort(names);
        return names;
    }

    private void delete(ObjectStorageClient c, List<String> names) {
        for (String name : names) {
            try {
                c.deleteObject(DeleteObjectRequest.builder().namespaceName(config.namespace()).bucketName(config
                        .bucket())
                        .objectName(name).build());
            } catch (BmcException e) {
                // best effort, as the paper's cleanup; the result is already measured
            }
        }
    }

    private static ProbeException failure(Throwable t) {
        if (t instanceof BmcException) {
            BmcException e = (BmcException) t;
            Matcher m = SDK_MESSAGE.matcher(e.getMessage().replaceAll("\\s+", " "));
            String why = m.find() ? m.group(1) : e.getMessage().replaceAll("\\s+", " ");
            return new ProbeException(e.getStatusCode() == 401 ? ProbeException.Kind.AUTH : ProbeException.Kind.REFUSED,
                    "object storage said " + e.getStatusCode() + " " + e.getServiceCode() + ": "
                            + (why.length() > 300 ? why.substring(0, 300) + "..." : why));
        }
        if (t instanceof IntegrityException) {
            return new ProbeException(ProbeException.Kind.INTEGRITY, t.getMessage());
        }
        return t instanceof ProbeException ? (ProbeException) t
                : new ProbeException(ProbeException.Kind.LOST, String.valueOf(t.getMessage()));
    }

    private ObjstoreResult result(Instant startedAt, List<ObjstoreChannel> channels, ObjstoreMetrics metrics, long t0,
                                  long end, List<BulkProgress> samples, CpuUsage cpu, String incomplete) {
        List<ChannelStats> stats = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            ObjstoreChannel c = channels.get(i);
            stats.add(new ChannelStats(i, c.bytes, c.pieces, Rates.gbps(c.bytes, c.finishedNanos - t0)));
        }
        BulkSummary summary = BulkSummary.of(end - t0, stats,
                config.params().bulk().verify() && config.params().bulk().direction() == Direction.RESTORE,
                config.dbSize(), null, null, cpu, null, samples,
                config.params().bulk().direction() == Direction.RESTORE ? "restore" : "backup");
        return new ObjstoreResult(startedAt, config.params(), config.endpoint(), config.namespace(), config.bucket(),
                summary, stats, metrics.summary(), metrics.retries.sum(),
                metrics.errors.sum(), List.copyOf(samples), incomplete);
    }
}
