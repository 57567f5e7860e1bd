package dev.probe.core.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.regex.Pattern;

/**
 * Wire constants of protocol version 1 and the header writer.
 *
 * <pre>
 *  0      4       5    6       8        12
 *  +------+-------+----+-------+--------+-----------------+
 *  | magic|version|type| flags | length | payload (length)|
 *  +------+-------+----+-------+--------+-----------------+
 *  magic 0x50524F42 ("PROB"), version 1, flags 0, length u32 big-endian
 * </pre>
 */
public final class Frames {
    public static final int MAGIC = 0x50524F42;
    public static final int VERSION = 1;
    public static final int HEADER_LENGTH = 12;
    /** Control (JSON) frames: 8 KiB at most, as iperf3 caps its parameter block. */
    public static final long MAX_CONTROL_LENGTH = 8 * 1024;
    /** Data frames: 64 MiB at most; the payload is streamed, never held whole. */
    public static final long MAX_DATA_LENGTH = 64L * 1024 * 1024;
    /** Connections one session may have (a bulk run's channels). */
    public static final int MAX_CONNECTIONS = 256;
    /** Largest bulk piece, 1 TiB. */
    public static final long MAX_PIECE = 1L << 40;
    /** Largest count (bytes, messages, pieces) a control message may carry. */
    public static final long MAX_COUNT = Long.MAX_VALUE / 2;
    /** Printable text fields (server name, error message). */
    public static final Pattern TEXT = Pattern.compile("[\\p{Print}\\t]{0,1024}");
    /** HMAC-SHA256 answers and proofs, as 64 lower-case hex digits. */
    public static final Pattern MAC = Pattern.compile("[0-9a-f]{64}");

    private Frames() {
    }

    /** Writes a frame header for {@code type} and {@code length} into {@code out}. */
    public static void writeHeader(ByteBuf out, FrameType type, long length) {
        if (length < 0 || length > type.maxLength()) {
            throw new IllegalArgumentException("frame length " + length + " out of range for " + type
                    + " (max " + type.maxLength() + ")");
        }
        out.writeInt(MAGIC);
        out.writeByte(VERSION);
        out.writeByte(type.code());
        out.writeShort(0);
        out.writeInt((int) length);
    }

    /** The header of a DATA frame of {@code length} bytes, as bytes. */
    public static byte[] dataHeaderBytes(long length) {
        ByteBuf header = Unpooled.buffer(HEADER_LENGTH, HEADER_LENGTH);
        writeHeader(header, FrameType.DATA, length);
        return header.array();
    }

    /** A fresh buffer holding only the header of a DATA frame of {@code length} bytes. */
    public static ByteBuf dataHeader(ByteBufAllocator alloc, long length) {
        ByteBuf header = alloc.directBuffer(HEADER_LENGTH, HEADER_LENGTH);
        writeHeader(header, FrameType.DATA, length);
        return header;
    }
}
