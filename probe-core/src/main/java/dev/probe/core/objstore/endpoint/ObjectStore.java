package dev.probe.core.objstore.endpoint;

import dev.probe.core.objstore.Md5;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The endpoint's index: buckets, objects and multipart uploads of one namespace. An object is a list of blobs,
 * so committing a multipart upload joins its parts without copying. Content lives in a {@link BlobStore}.
 */
public final class ObjectStore {
    /** A bucket. */
    public record Bucket(String namespace, String name, String compartmentId, String etag, Instant created) {
    }

    /** A committed object: its blobs in order, and the MD5 header OCI gives it. */
    public record StoredObject(String name, long size, String etag, String md5, String multipartMd5, Instant created,
            List<BlobStore.Blob> blobs, Map<String, String> meta) {
    }

    /** An uploaded part of a multipart upload. */
    public record Part(int number, String etag, String md5, long size, BlobStore.Blob blob) {
    }

    /** A multipart upload in progress. */
    public static final class Upload {
        final String id = UUID.randomUUID().toString();
        final String bucket;
        final String object;
        final Instant created = Instant.now();
        final Map<String, String> meta;
        final ConcurrentSkipListMap<Integer, Part> parts = new ConcurrentSkipListMap<>();

        Upload(String bucket, String object, Map<String, String> meta) {
            this.bucket = bucket;
            this.object = object;
            this.meta = meta;
        }

        public String id() {
            return id;
        }
    }

    private final String namespace;
    private final BlobStore blobs;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ConcurrentSkipListMap<String, StoredObject>> objects = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Upload> uploads = new ConcurrentHashMap<>();

    /** A multipart upload neither committed nor aborted within this is dropped, as a bucket lifecycle rule would. */
    public static final Duration UPLOAD_EXPIRY = Duration.ofHours(1);
    private final Duration uploadExpiry;

    public ObjectStore(String namespace, BlobStore blobs) {
        this(namespace, blobs, UPLOAD_EXPIRY);
    }

    /** With multipart uploads expiring after {@code uploadExpiry}. */
    public ObjectStore(String namespace, BlobStore blobs, Duration uploadExpiry) {
        this.namespace = namespace;
        this.blobs = blobs;
        this.uploadExpiry = uploadExpiry;
    }

    /** Aborts the multipart uploads started more than the expiry before {@code now}, their parts deleted; how many. */
    public int expireUploads(Instant now) {
        Instant cutoff = now.minus(uploadExpiry);
        int n = 0;
        for (Upload u : uploads.values()) {
            if (u.created.isBefore(cutoff) && uploads.remove(u.id) != null) {
                u.parts.values().forEach(p -> blobs.delete(p.blob()));
                n++;
            }
        }
        return n;
    }

    /** Multipart uploads in progress. */
    public int uploadsInProgress() {
        return uploads.size();
    }

    public String namespace() {
        return namespace;
    }

    BlobStore blobs() {
        return blobs;
    }

    private void checkNamespace(String ns) {
        if (!namespace.equals(ns)) {
            throw OciError.notFound("NamespaceNotFound", "Either the namespace " + ns
                    + " does not exist or you are not "
                    + "authorized to access it");
        }
    }

    public Bucket createBucket(String ns, String name, String compartmentId) {
        checkNamespace(ns);
        Bucket b = new Bucket(ns, name, compartmentId, UUID.randomUUID().toString(), Instant.now());
        if (buckets.putIfAbsent(name, b) != null) {
            throw new OciError(HttpResponseStatus.CONFLICT, "BucketAlreadyExists", "Bucket " + name
                    + " already exists");
        }
        objects.put(name, new ConcurrentSkipListMap<>());
        return b;
    }

    public Bucket bucket(String ns, String name) {
        checkNamespace(ns);
        Bucket b = buckets.get(name);
        if (b == null) {
            throw OciError.notFound("BucketNotFound", "Either the bucket named '" + name + "' does not exist in the "
                    + "namespace '" + ns + "' or you are not authorized to access it");
        }
        return b;
    }

    public StoredObject put(String bucket, String name, BlobStore.Blob blob, byte[] md5, Map<String, String> meta) {
        StoredObject o = new StoredObject(name, blob.length(), UUID.randomUUID().toString(),
                Base64.getEncoder().encodeToString(md5), null, Instant.now(), List.of(blob), meta);
        replace(bucket, o);
        return o;
    }

    private void replace(String bucket, StoredObject o) {
        StoredObject old = objects.get(bucket).put(o.name(), o);
        if (old != null) {
            old.blobs().forEach(blobs::delete);
        }
    }

    public StoredObject object(String bucket, String name) {
        StoredObject o = objects.get(bucket).get(name);
        if (o == null) {
            throw OciError.notFound("ObjectNotFound", "The object '" + name + "' was not found in the bucket '" + bucket
                    + "'");
        }
        return o;
    }

    public void delete(String bucket, String name) {
        StoredObject o = objects.get(bucket).remove(name);
        if (o == null) {
            throw OciError.notFound("ObjectNotFound", "The object '" + name + "' was not found in the bucket '" + bucket
                    + "'");
        }
        o.blobs().forEach(blobs::delete);
    }

    /** Objects with {@code prefix}, from {@code start} (inclusive) to {@code end} (exclusive), at most {@code limit}. */
    public List<StoredObject> list(String bucket, String prefix, String start, String end, int limit) {
        NavigableMap<String, StoredObject> m = objects.get(bucket);
        if (start != null && end != null && start.compareTo(end) >= 0) {
            return List.of(); // an empty range, as OCI answers it (a sub-map would refuse it)
        }
        if (start != null) {
            m = m.tailMap(start, true);
        }
        if (end != null) {
            m = m.headMap(end, false);
        }
        List<StoredObject> out = new ArrayList<>();
        for (StoredObject o : m.values()) {
            if (prefix == null || o.name().startsWith(prefix)) {
                out.add(o);
                if (out.size() > limit) {
                    break;
                }
            }
        }
        return out;
    }

    public Upload createUpload(String bucket, String object, Map<String, String> meta) {
        Upload u = new Upload(bucket, object, meta);
        uploads.put(u.id, u);
        return u;
    }

    public Upload upload(String bucket, String object, String uploadId) {
        Upload u = uploadId == null ? null : uploads.get(uploadId);
        if (u == null || !u.bucket.equals(bucket) || !u.object.equals(object)) {
            throw OciError.notFound("NoSuchUpload", "The upload " + uploadId + " does not exist for object " + object);
        }
        return u;
    }

    public Part putPart(Upload u, int number, BlobStore.Blob blob, byte[] md5) {
        Part p = new Part(number, UUID.randomUUID().toString(), Base64.getEncoder().encodeToString(md5), blob.length(),
                blob);
        Part old = u.parts.put(number, p);
        if (old != null) {
            blobs.delete(old.blob());
        }
        return p;
    }

    /** Commits the listed parts in order; a missing part or wrong etag is a 400 and nothing is committed. */
    public StoredObject commit(Upload u, List<Integer> numbers, List<String> etags) {
        List<Part> chosen = new ArrayList<>();
        for (int i = 0; i < numbers.size(); i++) {
            Part p = u.parts.get(numbers.get(i));
            if (p == null) {
                throw new OciError(HttpResponseStatus.BAD_REQUEST, "InvalidUploadPart", "part " + numbers.get(i)
                        + " was not uploaded");
            }
            if (!p.etag().equals(etags.get(i))) {
                throw new OciError(HttpResponseStatus.BAD_REQUEST, "InvalidUploadPart", "part " + p.number()
                        + " has etag " + p.etag() + ", not " + etags.get(i));
            }
            chosen.add(p);
        }
        if (chosen.isEmpty()) {
            throw OciError.badRequest("a commit needs at least one part");
        }
        if (uploads.remove(u.id) == null) {
            throw OciError.notFound("NoSuchUpload", "The upload " + u.id + " was committed or aborted");
        }
        MessageDigest md5s = Md5.digest();
        long size = 0;
        List<BlobStore.Blob> blobList = new ArrayList<>();
        for (Part p : chosen) {
            md5s.update(Base64.getDecoder().decode(p.md5()));
            size += p.size();
            blobList.add(p.blob());
        }
        u.parts.values().stream().filter(p -> !chosen.contains(p)).forEach(p -> blobs.delete(p.blob()));
        String multipartMd5 = Md5.multipart(md5s, chosen.size());
        StoredObject o = new StoredObject(u.object, size, UUID.randomUUID().toString(), null, multipartMd5, Instant
                .now(),
                blobList, u.meta);
        replace(u.bucket, o);
        return o;
    }

    public void abort(Upload u) {
        if (uploads.remove(u.id) != null) {
            u.parts.values().forEach(p -> blobs.delete(p.blob()));
        }
    }

}
