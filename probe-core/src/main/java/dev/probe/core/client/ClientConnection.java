package dev.probe.core.client;

import io.netty.channel.Channel;

/** One open client connection: its channel, its inbound handler, its counters and (once started) its sender. */
final class ClientConnection {
    final Channel channel;
    final ClientConnectionHandler handler;
    final SendCounters counters = new SendCounters();
    Sender sender;

    ClientConnection(Channel channel) {
        this.channel = channel;
        this.handler = channel.pipeline().get(ClientConnectionHandler.class);
    }

    void start(Sender s, long t0) {
        sender = s;
        channel.eventLoop().execute(() -> {
            handler.attach(s);
            s.start(t0);
        });
    }
}
