package dev.probe.core.objstore.client;

import com.oracle.bmc.objectstorage.ObjectStorage;
import com.oracle.bmc.objectstorage.model.CommitMultipartUploadDetails;
import com.oracle.bmc.objectstorage.model.CommitMultipartUploadPartDetails;
import com.oracle.bmc.objectstorage.model.CreateMultipartUploadDetails;
import com.oracle.bmc.objectstorage.requests.AbortMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.CommitMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.CreateMultipartUploadRequest;
import com.oracle.bmc.objectstorage.requests.GetObjectRequest;
import com.oracle.bmc.objectstorage.requests.UploadPartRequest;
import com.oracle.bmc.objectstorage.responses.GetObjectResponse;
import dev.probe.core.client.RunStop;
import dev.probe.core.objstore.ContentMeta;
import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.payload.PieceQueue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One channel, like an RMAN SBT channel writing to Object Storage: backup writes its pieces one after another,
 * each as a multipart upload of generated parts streamed to the SDK; restore reads pieces back and verifies them.
 * Runs on its own thread (the SDK is blocking) with its own SDK client.
 */
final class ObjstoreChannel implements Runnable {
    private final int index;
    private final ObjectStorage client;
    private final ObjstoreConfig config;
    private final PieceQueue queue;
    private final List<String> restoreNames;
    private final ObjstoreMetrics metrics;
    private final Content content;
    volatile long bytes;
    /** The part being uploaded now (its bytes read by the SDK so far count towards the intervals). */
    private volatile GeneratedStream current;
    private long sampled;
    volatile long pieces;
    volatile long finishedNanos;
    /** Charged with every byte counted (an agent's --max-bytes). */
    private final RunStop stop;
    final List<String> written = new ArrayList<>();

    ObjstoreChannel(int index, ObjectStorage client, ObjstoreConfig config, PieceQueue queue, List<String> restoreNames,
                    ObjstoreMetrics metrics, RunStop stop) {
        this.stop = stop;
        this.index = index;
        this.client = client;
        this.config = config;
        this.queue = queue;
        this.restoreNames = restoreNames;
        this.metrics = metrics;
        BulkParams bulk = config.params().bulk();
        this.content = restoreNames == null ? Content.of(bulk.payload(), bulk.seed(), bulk.pieceSize()) : null;
    }

    @Override
    public void run() {
        try {
            for (long k; (k = queue.take()) >= 0;) {
                if (restoreNames == null) {
                    backup(k);
                } else {
                    restore(restoreNames.get((int) (k % restoreNames.size())));
                }
            }
        } catch (IOException e) {
            metrics.errors.increment();
            throw new UncheckedIOException("channel " + index + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            metrics.errors.increment();
            throw e;
        } finally {
            finishedNanos = System.nanoTime();
            if (content != null) {
                content.close();
            }
        }
    }

    private void backup(long k) {
        BulkParams bulk = config.params().bulk();
        long partSize = config.params().partSize();
        String name = config.params().objectName(k);
        long length = bulk.pieceLength(k);
        long t = System.nanoTime();
        String uploadId = client.createMultipartUpload(CreateMultipartUploadRequest.builder()
                .namespaceName(config.namespace()).bucketName(config.bucket())
                .createMultipartUploadDetails(CreateMultipartUploadDetails.builder().object(name).metadata(
                        new ContentMeta(bulk.runId(), k, bulk.salt(), bulk.payload(), bulk.pieceSize()).toMap(partSize))
                        .build())
                .build()).getMultipartUpload().getUploadId();
        metrics.create.recordValue(System.nanoTime() - t);
        List<CommitMultipartUploadPartDetails> parts = new ArrayList<>();
        int number = 1;
        for (long off = 0; off < length; off += partSize, number++) {
            if (queue.expired()) {
                client.abortMultipartUpload(AbortMultipartUploadRequest.builder().namespaceName(config.namespace())
                        .bucketName(config.bucket()).objectName(name).uploadId(uploadId).build());
                return;
            }
            long n = Math.min(partSize, length - off);
            t = System.nanoTime();
            GeneratedStream body = new GeneratedStream(content, k, off, n);
            current = body;
            String etag = client.uploadPart(UploadPartRequest.builder().namespaceName(config.namespace())
                    .bucketName(config.bucket()).objectName(name).uploadId(uploadId).uploadPartNum(number)
                    .contentLength(n).uploadPartBody(body).build()).getETag();
            metrics.partPut.recordValue(System.nanoTime() - t);
            bytes += n;
            stop.charge(n);
            current = null;
            parts.add(CommitMultipartUploadPartDetails.builder().partNum(number).etag(etag).build());
        }
        t = System.nanoTime();
        client.commitMultipartUpload(CommitMultipartUploadRequest.builder().namespaceName(config.namespace())
                .bucketName(config.bucket()).objectName(name).uploadId(uploadId)
                .commitMultipartUploadDetails(CommitMultipartUploadDetails.builder().partsToCommit(parts).build())
                .build());
        metrics.commit.recordValue(System.nanoTime() - t);
        synchronized (written) {
            written.add(name);
        }
        pieces++;
    }

    private void restore(String name) throws IOException {
        long t = System.nanoTime();
        GetObjectResponse r = client.getObject(GetObjectRequest.builder().namespaceName(config.namespace())
                .bucketName(config.bucket()).objectName(name).build());
        metrics.ttfb.recordValue(System.nanoTime() - t);
        Map<String, String> meta = r.getOpcMeta() == null ? Map.of() : r.getOpcMeta();
        RestoreVerifier verifier = verifier(name, meta);
        byte[] buf = new byte[256 * 1024];
        try (InputStream in = r.getInputStream()) {
            for (int n; (n = in.read(buf)) > 0;) {
                if (verifier != null) {
                    verifier.update(buf, 0, n);
                }
                bytes += n;
                stop.charge(n);
            }
        }
        if (verifier != null) {
            verifier.finish(r.getOpcMultipartMd5());
        }
        metrics.get.recordValue(System.nanoTime() - t);
        pieces++;
    }

    /** A verifier from the object's probe metadata, or null when verification is off. */
    private RestoreVerifier verifier(String name, Map<String, String> meta) {
        if (!config.params().bulk().verify()) {
            return null;
        }
        ContentMeta written;
        long partSize;
        try {
            written = ContentMeta.from(meta);
            partSize = Long.parseLong(meta.getOrDefault(ContentMeta.PART_SIZE, "-1"));
        } catch (IllegalArgumentException e) {
            throw new IntegrityException(name + ": " + e.getMessage());
        }
        if (written == null || partSize <= 0) {
            throw new IntegrityException(name + " has no probe-content metadata: not written by "
                    + "probe objstore backup (use --no-verify to read it anyway)");
        }
        return new RestoreVerifier(written.open(), written.piece(), partSize, name);
    }

    /**
     * Bytes for the progress intervals, read by one sampling thread: the parts done plus what the SDK has read of
     * the part under way (handed to its HTTP connection), never less than the last sample (a retried part is read
     * again from its start). The summary counts whole parts only ({@link #bytes}).
     */
    long progressBytes() {
        GeneratedStream c = current;
        long now = bytes + (c == null ? 0 : c.position());
        sampled = Math.max(sampled, now);
        return sampled;
    }
}
