package dev.probe.core.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The bulk messages of protocol v1: PIECE announces (backup) or requests (restore) a piece, PIECE_DONE
 * confirms a backup piece received whole.
 */
public final class Pieces {

    private Pieces() {
    }

    /** Client to server, bulk: piece {@code piece} of {@code length} bytes follows (backup) or is requested (restore). */
    public record Piece(long piece, long length) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("piece", piece);
            n.put("length", length);
            return new ControlFrame(FrameType.PIECE, n);
        }

        public static Piece from(ObjectNode n) {
            return new Piece(Json.requireLong(n, "piece", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "length", 1, Frames.MAX_PIECE));
        }
    }

    /**
     * Server to client, bulk backup: piece received whole ({@code verified} when its CRC32C checks passed);
     * {@code crc32c}, when not null, is the whole piece's CRC32C for the sender to check (content the server
     * cannot derive, such as a user's file).
     */
    public record PieceDone(long piece, long bytes, boolean verified, Integer crc32c) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("piece", piece);
            n.put("bytes", bytes);
            n.put("verified", verified);
            if (crc32c != null) {
                n.put("crc32c", Integer.toUnsignedLong(crc32c));
            }
            return new ControlFrame(FrameType.PIECE_DONE, n);
        }

        public static PieceDone from(ObjectNode n) {
            return new PieceDone(Json.requireLong(n, "piece", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "bytes", 0, Frames.MAX_PIECE),
                    Json.requireBoolean(n, "verified"),
                    n.has("crc32c") ? (int) Json.requireLong(n, "crc32c", 0, 0xFFFF_FFFFL) : null);
        }
    }
}
