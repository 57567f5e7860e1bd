package dev.probe.core.client;

import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.FrameEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;

/** The client pipeline, in order: TLS (when on), frame codec, then the connection handler. */
final class ClientInitializer extends ChannelInitializer<SocketChannel> {
    private final SslContext tls;
    private final String host;
    private final int port;

    ClientInitializer(SslContext tls, String host, int port) {
        this.tls = tls;
        this.host = host;
        this.port = port;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (tls != null) {
            ch.pipeline().addLast("tls", tls.newHandler(ch.alloc(), host, port));
        }
        ch.pipeline()
                .addLast("decoder", new FrameDecoder())
                .addLast("encoder", FrameEncoder.INSTANCE)
                .addLast("connection", ClientConnectionHandler.attachTo(ch));
    }
}
