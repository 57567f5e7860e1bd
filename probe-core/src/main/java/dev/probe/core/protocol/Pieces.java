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

    /** Server to client, bulk backup: piece received whole ({@code verified} when its CRC32C checks passed). */
    public record PieceDone(long piece, long bytes, boolean verified) {
        public ControlFrame frame() {
            ObjectNode n = Json.object();
            n.put("piece", piece);
            n.put("bytes", bytes);
            n.put("verified", verified);
            return new ControlFrame(FrameType.PIECE_DONE, n);
        }

        public static PieceDone from(ObjectNode n) {
            return new PieceDone(Json.requireLong(n, "piece", 0, Frames.MAX_COUNT),
                    Json.requireLong(n, "bytes", 0, Frames.MAX_PIECE),
                    Json.requireBoolean(n, "verified"));
        }
    }
}
