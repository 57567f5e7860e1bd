package dev.probe.core.bulk;

import dev.probe.core.params.BulkParams;
import dev.probe.core.payload.Content;
import dev.probe.core.payload.IntegrityException;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.transport.StreamReads;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The receiving side of one channel: follows the piece being received chunk by chunk (one DATA frame per
 * chunk) and, when verifying, checks each chunk's CRC32C as it completes against the run's content. Content
 * this side cannot derive (a user's file, at the server) is checked by the sender instead: the receiver keeps
 * the whole piece's CRC32C for PIECE_DONE. Nothing is stored. Not thread-safe: one per channel, on its event loop.
 */
public final class PieceReceiver {
    private final Content content;
    private final boolean verify;
    private final int channel;
    private final CRC32C crc = new CRC32C();
    private long piece = -1;
    private long length;
    private long received;
    private long chunk;
    private long chunkStart;

    /**
     * The most channels a run may have for its receiving ends to read up to 1 MiB at a time ({@link StreamReads}):
     * a backup of 8 channels on loopback then cost the receiver a fifth less CPU per GiB and moved a tenth more
     * (bench/ab.sh, three rounds: 0.25-0.33 s/GiB against 0.30-0.40); a run of many channels keeps Netty's 64 KiB,
     * as 1,024 channels storing to disk held 1.3 GB of pooled memory with 1 MiB reads.
     */
    static final int LARGE_READS_UP_TO = 16;

    /** Lets {@code channel}'s reads grow to 1 MiB where the run has few channels ({@link #LARGE_READS_UP_TO}). */
    static void reads(Channel channel, BulkParams params) {
        if (params.channels() <= LARGE_READS_UP_TO) {
            StreamReads.large(channel);
        }
    }

    /** {@code content} is null where it cannot be derived here: {@link #pieceCrc()} then carries the check. */
    public PieceReceiver(Content content, boolean verify, int channel) {
        this.content = content;
        this.verify = verify;
        this.channel = channel;
    }

    /** Piece {@code k} of {@code length} bytes comes next. */
    public void begin(long k, long pieceLength) {
        if (active()) {
            throw new ProtocolException("piece " + k + " started while piece " + piece + " is incomplete ("
                    + received + " of " + length + " bytes)");
        }
        piece = k;
        length = pieceLength;
        received = 0;
        chunk = 0;
        chunkStart = 0;
        crc.reset();
    }

    public boolean active() {
        return piece >= 0 && received < length;
    }

    public long piece() {
        return piece;
    }

    public long received() {
        return received;
    }

    /** The CRC32C of the whole piece received, when the content could not be checked here; else null. */
    public Integer pieceCrc() {
        return verify && content == null && !active() ? (int) crc.getValue() : null;
    }

    /** Takes one piece of a DATA frame (the caller releases it); returns true when the piece is complete. */
    public boolean accept(DataChunk data) {
        int n = data.content().readableBytes();
        if (!active()) {
            throw new ProtocolException("DATA outside a piece on channel " + channel);
        }
        if (received + n > length) {
            throw new ProtocolException("piece " + piece + " on channel " + channel + " is longer than its "
                    + length + " bytes");
        }
        if (verify && n > 0) {
            for (ByteBuffer bb : data.content().nioBuffers()) {
                crc.update(bb);
            }
        }
        received += n;
        if (data.last()) {
            endChunk();
        }
        return received == length;
    }

    private void endChunk() {
        long chunkLength = received - chunkStart;
        long expectedLength = Math.min(BulkParams.CHUNK, length - chunkStart);
        if (chunkLength != expectedLength) {
            throw new ProtocolException("piece " + piece + " chunk " + chunk + " on channel " + channel + " has "
                    + chunkLength + " bytes, expected " + expectedLength);
        }
        if (content == null) {
            chunk++;
            chunkStart = received;
            return;
        }
        if (verify && (int) crc.getValue() != content.expectedCrc(piece, chunkStart, (int) chunkLength)) {
            throw new IntegrityException("piece " + piece + " (channel " + channel + "): CRC32C mismatch in chunk "
                    + chunk + " (bytes " + chunkStart + "-" + (received - 1) + " of the piece)");
        }
        crc.reset();
        chunk++;
        chunkStart = received;
    }
}
