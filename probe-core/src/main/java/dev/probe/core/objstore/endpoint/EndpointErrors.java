package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.Fatal;
import dev.probe.core.server.ServerLog;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Last in the endpoint's pipeline: a failure no handler answered (they answer every request they can with an OCI
 * error) is one log line and a closed connection, so the client is not left waiting for the idle timeout; an
 * OutOfMemoryError ends the process ({@link Fatal}). A connection already closed by its peer is not logged.
 */
@Sharable
final class EndpointErrors extends ChannelInboundHandlerAdapter {
    private final ServerLog log;

    EndpointErrors(ServerLog log) {
        this.log = log;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Fatal.check(cause, log);
        if (ctx.channel().isActive()) {
            log.log("objectstore: dropping " + ctx.channel().remoteAddress() + ": " + cause);
            ctx.close();
        }
    }
}
