package dev.probe.core.server;

import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameEncoder;
import dev.probe.core.protocol.Frames;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.List;

/**
 * First on a TLS server's connections: a TLS record switches the pipeline to TLS; a plaintext probe client is
 * told, in plaintext, that the server needs {@code --tls}; anything else is dropped.
 */
final class TlsDetector extends ByteToMessageDecoder {
    private final SslContext tls;
    private final PeerFailures strangers;

    /** {@code strangers} counts what is dropped here: nothing has been proven yet. */
    TlsDetector(SslContext tls, PeerFailures strangers) {
        this.tls = tls;
        this.strangers = strangers;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < 5) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            ctx.pipeline().replace(this, "tls", tls.newHandler(ctx.alloc()));
            return;
        }
        boolean probe = in.getInt(in.readerIndex()) == Frames.MAGIC;
        String kind = probe ? "plaintext probe client on a TLS server" : "not TLS";
        strangers.failed(ctx.channel(), kind, "closing " + ctx.channel().remoteAddress() + ": " + kind);
        in.skipBytes(in.readableBytes());
        ctx.channel().config().setAutoRead(false);
        if (probe) {
            ByteBuf reply = ctx.alloc().buffer();
            FrameEncoder.INSTANCE.encodeTo(
                    new ErrorReply(ErrorCode.PROTOCOL, "this server requires TLS: run the client with --tls").frame(),
                    reply);
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }
}
