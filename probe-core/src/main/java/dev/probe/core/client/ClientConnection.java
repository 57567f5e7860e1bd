package dev.probe.core.client;

import io.netty.channel.Channel;

/** One open client connection: its channel and its inbound handler. */
public final class ClientConnection {
    final Channel channel;
    final ClientConnectionHandler handler;

    ClientConnection(Channel channel) {
        this.channel = channel;
        this.handler = channel.pipeline().get(ClientConnectionHandler.class);
    }

    public Channel channel() {
        return channel;
    }

    public ClientConnectionHandler handler() {
        return handler;
    }
}
