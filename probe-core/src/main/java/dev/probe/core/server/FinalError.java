package dev.probe.core.server;

import dev.probe.core.protocol.ErrorReply;
import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import java.util.concurrent.TimeUnit;

/**
 * Ends a connection whose peer may still be sending (a corrupt backup piece mid-stream) so that the ERROR is
 * read rather than lost: closing with unread data makes the kernel send a reset, which can discard the ERROR in
 * the peer's receive queue. So: the ERROR, then FIN; what the peer still sends is read and dropped (the caller
 * ignores it) until the peer closes, or for {@link #LINGER_SECONDS} at most.
 */
public final class FinalError {
    static final long LINGER_SECONDS = 2;

    private FinalError() {
    }

    /** Sends {@code error} and closes gracefully; the caller drops whatever the channel reads from now on. */
    public static void send(Channel ch, ErrorReply error) {
        ch.config().setAutoRead(true);
        ch.writeAndFlush(error.frame()).addListener(f -> {
            if (ch instanceof DuplexChannel && f.isSuccess()) {
                ((DuplexChannel) ch).shutdownOutput();
                ch.eventLoop().schedule(() -> ch.close(), LINGER_SECONDS, TimeUnit.SECONDS);
            } else {
                ch.close();
            }
        });
    }
}
