package dev.probe.core.objstore.client;

import dev.probe.core.objstore.Md5;
import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.IntegrityException;
import java.security.MessageDigest;
import java.util.zip.CRC32C;

/**
 * Checks a restored piece as it streams in: CRC32C of every 1 MiB chunk against the generated content, and the
 * object's multipart MD5 (MD5 of the parts' MD5s, "-N") recomputed from the bytes. Nothing is stored.
 */
final class RestoreVerifier {
    private final Content content;
    private final long piece;
    private final long partSize;
    private final String object;
    private final CRC32C crc = new CRC32C();
    private final MessageDigest partMd5 = Md5.digest();
    private final MessageDigest md5s = Md5.digest();
    private long position;
    private int parts;

    /** Checks {@code object}, piece {@code piece} of {@code content} (closed by {@link #finish}). */
    RestoreVerifier(Content content, long piece, long partSize, String object) {
        this.content = content;
        this.piece = piece;
        this.partSize = partSize;
        this.object = object;
    }

    void update(byte[] b, int off, int len) {
        while (len > 0) {
            long toChunk = BulkParams.CHUNK - position % BulkParams.CHUNK;
            long toPart = partSize - position % partSize;
            int n = (int) Math.min(len, Math.min(toChunk, toPart));
            crc.update(b, off, n);
            partMd5.update(b, off, n);
            position += n;
            off += n;
            len -= n;
            if (position % BulkParams.CHUNK == 0) {
                checkChunk(BulkParams.CHUNK);
            }
            if (position % partSize == 0) {
                md5s.update(partMd5.digest());
                parts++;
            }
        }
    }

    private void checkChunk(int length) {
        long chunk = (position - 1) / BulkParams.CHUNK;
        if ((int) crc.getValue() != content.expectedCrc(piece, chunk * BulkParams.CHUNK, length)) {
            throw new IntegrityException(object + ": CRC32C mismatch in chunk " + chunk + " of piece " + piece);
        }
        crc.reset();
    }

    /** The stream ended: checks the last chunk and the multipart MD5 ({@code null} when the server gave none). */
    void finish(String multipartMd5) {
        content.close();
        if (position % BulkParams.CHUNK != 0) {
            checkChunk((int) (position % BulkParams.CHUNK));
        }
        if (position % partSize != 0) {
            md5s.update(partMd5.digest());
            parts++;
        }
        String mine = Md5.multipart(md5s, parts);
        if (multipartMd5 != null && !multipartMd5.equals(mine)) {
            throw new IntegrityException(object + ": multipart MD5 " + multipartMd5 + " does not match the content ("
                    + mine + ")");
        }
    }
}
