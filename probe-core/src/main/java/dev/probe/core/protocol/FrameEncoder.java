package dev.probe.core.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Encodes {@link ControlFrame}, {@link Ack} and {@link Mark}. DATA frames are written as a header from
 * {@link Frames#dataHeader} followed by the payload buffer, and pass this encoder untouched.
 */
@Sharable
public final class FrameEncoder extends MessageToByteEncoder<Object> {
    public static final FrameEncoder INSTANCE = new FrameEncoder();

    private FrameEncoder() {
        super(Object.class, true);
    }

    @Override
    public boolean acceptOutboundMessage(Object msg) {
        return msg instanceof ControlFrame || msg instanceof Ack || msg instanceof Mark;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Object msg, ByteBuf out) {
        encodeTo(msg, out);
    }

    /** Encodes {@code msg} into {@code out}, outside a pipeline too (a plaintext reply on a TLS port). */
    public void encodeTo(Object msg, ByteBuf out) {
        if (msg instanceof ControlFrame) {
            ControlFrame frame = (ControlFrame) msg;
            byte[] body = Json.bytes(frame.body());
            Frames.writeHeader(out, frame.type(), body.length);
            out.writeBytes(body);
        } else if (msg instanceof Ack) {
            Frames.writeHeader(out, FrameType.ACK, 8);
            out.writeLong(((Ack) msg).diskNanos());
        } else {
            Frames.writeHeader(out, FrameType.MARK, 0);
        }
    }
}
