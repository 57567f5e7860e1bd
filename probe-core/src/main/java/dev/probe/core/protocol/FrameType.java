package dev.probe.core.protocol;

/**
 * The frame types of protocol version 1, each with the largest payload it may carry.
 *
 * <p>Limits are checked by {@link FrameDecoder} against the header's length before any byte of the
 * payload is read or allocated. See {@code docs/PROTOCOL.md}.
 */
public enum FrameType {
    /** client to server: protocol version, client nonce, test parameters (JSON). */
    HELLO(1, Frames.MAX_CONTROL_LENGTH),
    /** server to client: session id, server nonce, granted socket buffers (JSON). */
    READY(2, Frames.MAX_CONTROL_LENGTH),
    /** server to client: a refusal or a fault, with a code and a reason (JSON). */
    ERROR(3, Frames.MAX_CONTROL_LENGTH),
    /** client to server: adds a connection to an existing session (JSON). */
    JOIN(4, Frames.MAX_CONTROL_LENGTH),
    /** server to client: the connection was added (JSON). */
    JOINED(5, Frames.MAX_CONTROL_LENGTH),
    /** one message of a test, or one chunk of a bulk piece, streamed, up to 64 MiB. */
    DATA(6, Frames.MAX_DATA_LENGTH),
    /** server to client: a sync message was received (and written); 8 bytes: disk write nanoseconds. */
    ACK(7, 8),
    /** client to server: warm-up ended; the receiver restarts its measured counts here. No payload. */
    MARK(8, 0),
    /** client to server: no more data on this connection; sender counts (JSON). */
    END(9, Frames.MAX_CONTROL_LENGTH),
    /** server to client: receiver counts for this connection (JSON). */
    RESULT(10, Frames.MAX_CONTROL_LENGTH),
    /** client to server, bulk: piece number and length; announces a backup piece or requests a restore piece (JSON). */
    PIECE(11, Frames.MAX_CONTROL_LENGTH),
    /** server to client, bulk backup: a piece was received whole, verified and (with --dir) forced to disk (JSON). */
    PIECE_DONE(12, Frames.MAX_CONTROL_LENGTH),
    /** server to client: the server requires authentication; a fresh server nonce (JSON). */
    CHALLENGE(13, Frames.MAX_CONTROL_LENGTH),
    /** client to server: HMAC-SHA256 answer to the CHALLENGE (JSON). */
    AUTH(14, Frames.MAX_CONTROL_LENGTH),
    /** coordinator and agent, both ways: clock samples, the start instant, interval counts, the outcome (JSON). */
    AGENT(15, Frames.MAX_CONTROL_LENGTH),
    /** server to client, a remote disk check: each measured point, then the outcome (JSON). */
    DISK(16, Frames.MAX_CONTROL_LENGTH),
    /** server to client, a reverse test whose client asked ({@code sender_tcp}): the sending socket's TCP_INFO (JSON). */
    TCP(17, Frames.MAX_CONTROL_LENGTH),
    /**
     * relay to client, a relayed test (an agent forwarding as a Far Sync does): one next hop's progress every
     * interval, and its final counts before RESULT (JSON).
     */
    RELAYED(18, Frames.MAX_CONTROL_LENGTH);

    private static final FrameType[] BY_CODE = new FrameType[19];

    static {
        for (FrameType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;
    private final long maxLength;

    FrameType(int code, long maxLength) {
        this.code = code;
        this.maxLength = maxLength;
    }

    public int code() {
        return code;
    }

    public long maxLength() {
        return maxLength;
    }

    /** True for the frames whose payload is a JSON object. */
    public boolean isJson() {
        return maxLength == Frames.MAX_CONTROL_LENGTH;
    }

    /** Frames with a fixed payload length must carry exactly that many bytes. */
    public boolean isFixedLength() {
        return this == ACK || this == MARK;
    }

    /** The type for a wire code, or {@code null} if the code is unknown. */
    public static FrameType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
