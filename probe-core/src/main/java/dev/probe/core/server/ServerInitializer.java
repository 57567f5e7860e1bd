package dev.probe.core.server;

import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.FrameEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * The server pipeline, in order: TLS (when on: detection, then the TLS handler), idle watch, frame codec,
 * connection limit, handshake (then data), error tail.
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {
    private final ServerContext server;
    private final ServerExceptionHandler errors;

    ServerInitializer(ServerContext server) {
        this.server = server;
        this.errors = new ServerExceptionHandler(server.log(), server.strangers());
    }

    int openConnections() {
        return server.connections().open();
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ChannelPipeline p = ch.pipeline();
        if (server.config().security().tls() != null) {
            p.addLast("tls-detect", new TlsDetector(server.config().security().tls(), server.strangers()));
        }
        // idle = nothing read AND no write progress: a connection the server streams to (a reverse test, a restore
        // channel) is busy though the client is silent; one whose peer stopped reading makes no progress and closes
        p.addLast("idle", new IdleStateHandler(true, 0, 0, server.config().idleTimeout().toMillis(),
                TimeUnit.MILLISECONDS));
        p.addLast("decoder", new FrameDecoder());
        p.addLast("encoder", FrameEncoder.INSTANCE);
        p.addLast("limit", server.connections().gate());
        p.addLast("handshake", new ServerHandshakeHandler(server));
        p.addLast("errors", errors);
    }
}
