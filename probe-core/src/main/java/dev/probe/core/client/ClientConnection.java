package dev.probe.core.client;

import io.netty.channel.Channel;

/** One open client connection: its channel and its inbound handler. */
public final class ClientConnection {
    final Channel channel;
    final ClientConnectionHandler handler;

    ClientConnection(Channel channel) {
        this.channel = channel;
        // from the channel, not its pipeline: a connection the server closed at once has an empty pipeline already
        this.handler = channel.attr(ClientConnectionHandler.KEY).get();
    }

    public Channel channel() {
        return channel;
    }

    public ClientConnectionHandler handler() {
        return handler;
    }
}
