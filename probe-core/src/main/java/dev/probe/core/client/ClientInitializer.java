package dev.probe.core.client;

import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.FrameEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;

/** The client pipeline, in order: frame codec, then the connection handler. */
final class ClientInitializer extends ChannelInitializer<SocketChannel> {
    @Override
    protected void initChannel(SocketChannel ch) {
        ch.pipeline()
                .addLast("decoder", new FrameDecoder())
                .addLast("encoder", FrameEncoder.INSTANCE)
                .addLast("connection", new ClientConnectionHandler());
    }
}
