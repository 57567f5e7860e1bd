package dev.probe.core.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;
import java.util.Locale;

/**
 * Decodes protocol v1 frames. Control frames (at most 8 KiB) are aggregated and parsed into a
 * {@link ControlFrame}; DATA payloads are streamed as {@link DataChunk}s and never held whole; ACK and MARK
 * become {@link Ack} and {@link Mark}. Every length is checked against its type's maximum, in {@code long},
 * before anything is read or allocated. After a protocol error, all further input is discarded.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private enum State { HEADER, BODY, DATA, FAILED }

    private State state = State.HEADER;
    private FrameType type;
    private long remaining;
    private boolean firstChunk;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        try {
            decodeFrames(in, out);
        } catch (ProtocolException | TooLongFrameException e) {
            state = State.FAILED;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    private void decodeFrames(ByteBuf in, List<Object> out) {
        while (true) {
            switch (state) {
                case HEADER:
                    if (in.readableBytes() < Frames.HEADER_LENGTH) {
                        return;
                    }
                    readHeader(in, out);
                    break;
                case BODY:
                    if (in.readableBytes() < remaining) {
                        return;
                    }
                    out.add(readBody(in));
                    state = State.HEADER;
                    break;
                case DATA:
                    int n = (int) Math.min(in.readableBytes(), remaining);
                    if (n == 0) {
                        return;
                    }
                    remaining -= n;
                    out.add(new DataChunk(in.readRetainedSlice(n), firstChunk, remaining == 0));
                    firstChunk = false;
                    if (remaining == 0) {
                        state = State.HEADER;
                    }
                    break;
                default:
                    in.skipBytes(in.readableBytes());
                    return;
            }
        }
    }

    private void readHeader(ByteBuf in, List<Object> out) {
        int magic = in.readInt();
        if ((magic >>> 16) == 0x1603) {
            throw new ProtocolException(
                    "TLS handshake on a plaintext probe connection (one side uses --tls, the other not)");
        }
        if (magic != Frames.MAGIC) {
            throw new ProtocolException(notProbe(in, in.readerIndex() - 4));
        }
        int version = in.readUnsignedByte();
        if (version != Frames.VERSION) {
            throw new ProtocolException("Unsupported protocol version: " + version + " (this side speaks "
                    + Frames.VERSION + ")");
        }
        int code = in.readUnsignedByte();
        FrameType t = FrameType.of(code);
        if (t == null) {
            throw new ProtocolException("Unknown frame type: " + code);
        }
        int flags = in.readUnsignedShort();
        if (flags != 0) {
            throw new ProtocolException("Unsupported flags 0x" + Integer.toHexString(flags) + " on " + t + " frame");
        }
        long length = in.readUnsignedInt();
        if (length > t.maxLength()) {
            throw new TooLongFrameException(t + " frame length " + length + " exceeds the maximum " + t.maxLength());
        }
        if (t.isFixedLength() && length != t.maxLength()) {
            throw new ProtocolException(t + " frame length " + length + " must be " + t.maxLength());
        }
        type = t;
        remaining = length;
        if (t == FrameType.DATA) {
            if (length == 0) {
                out.add(new DataChunk(Unpooled.EMPTY_BUFFER, true, true));
            } else {
                firstChunk = true;
                state = State.DATA;
            }
        } else if (length == 0) {
            out.add(readBody(in));
        } else {
            state = State.BODY;
        }
    }

    private Object readBody(ByteBuf in) {
        switch (type) {
            case ACK:
                return new Ack(in.readLong());
            case MARK:
                return Mark.INSTANCE;
            default:
                byte[] bytes = new byte[(int) remaining];
                in.readBytes(bytes);
                return new ControlFrame(type, Json.parseObject(bytes, type), bytes);
        }
    }

    /** What the other end sent instead of a frame, as text where it is text (an SSH banner, an HTTP reply). */
    static String notProbe(ByteBuf in, int from) {
        int n = Math.min(in.writerIndex() - from, 80);
        StringBuilder text = new StringBuilder();
        boolean printable = true;
        for (int k = 0; k < n; k++) {
            int b = in.getUnsignedByte(from + k);
            if (b == '\r' || b == '\n') {
                break;
            }
            printable &= b >= 0x20 && b < 0x7f;
            text.append(printable ? (char) b : '?');
        }
        String s = text.toString();
        String kind = s.startsWith("SSH-") ? " (an SSH server)" : s.startsWith("HTTP/") ? " (an HTTP server)"
                : s.matches("(GET|POST|PUT|HEAD|DELETE|OPTIONS) .*") ? " (an HTTP client)" : "";
        if (!printable || s.isEmpty()) {
            return String.format(Locale.ROOT, "not probe's protocol: the other end sent bytes 0x%08x..., "
                    + "not a probe frame (0x%08x)", in.getInt(from), Frames.MAGIC);
        }
        return "not probe's protocol: the other end sent '" + s + "'" + kind;
    }
}
