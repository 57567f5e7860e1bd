package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.LogThrottle;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.SourceCounts;
import dev.probe.core.server.UnprovenConnections;
import io.netty.channel.Channel;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the endpoint allows before a request is even read. A new connection is held among the {@link #UNPROVEN}
 * that have sent no valid request yet (when they are full, the oldest of the address holding the most is closed),
 * and its first request's headers must be whole within {@code headerDeadline} of accept; once a request passes the
 * router (its signature checked) the connection counts against at most {@code maxTotal} connections and at most
 * {@code maxPerSource} from one address instead. So idle connections from a few addresses cannot lock out a client
 * that signs its requests (issue 40, point 2). Each later request's headers must be whole within the deadline of
 * its first byte (a slow-loris sender is cut off even though each byte resets the idle timer). Refusals are logged
 * at most once a second. One per endpoint; {@link #admission()} goes first in every pipeline, {@link #deadline()}
 * around the HTTP codec.
 */
final class EndpointGuard {
    /** Connections one address may hold open. */
    static final int MAX_PER_SOURCE = 64;
    /** Connections in all. */
    static final int MAX_TOTAL = 1024;
    /** Connections that have sent no valid request yet. */
    static final int UNPROVEN = 64;
    private static final AttributeKey<ScheduledFuture<?>> TIMER = AttributeKey.valueOf("probe.header-deadline");
    private static final AttributeKey<Boolean> IN_REQUEST = AttributeKey.valueOf("probe.in-request");
    private final Duration headerDeadline;
    private final ServerLog log;
    private final SourceCounts counts;
    private final LogThrottle refusals;
    private final UnprovenConnections unproven;

    EndpointGuard(int maxTotal, int maxPerSource, Duration headerDeadline, ServerLog log) {
        this.counts = new SourceCounts(maxTotal, maxPerSource, "the endpoint's cap");
        this.refusals = new LogThrottle(log);
        this.unproven = new UnprovenConnections(UNPROVEN, headerDeadline, "object storage endpoint", log);
        this.headerDeadline = headerDeadline;
        this.log = log;
    }

    /**
     * {@code ch} sent a valid request: it leaves the unproven budget and counts against the caps; returns null, or
     * why it is over one (it is logged; the caller answers and closes). A connection proven before is let be.
     */
    String prove(Channel ch) {
        if (!UnprovenConnections.unproven(ch)) {
            return null;
        }
        String over = counts.admit(ch);
        if (over != null) {
            refusals.log("object storage endpoint: refused " + ch.remoteAddress() + ": " + over);
            return over;
        }
        unproven.prove(ch);
        return null;
    }

    /** Holds the connection among the unproven, its header deadline running from now. */
    ChannelHandler admission() {
        return new Admission();
    }

    /** Closes a connection whose request headers are not whole within the deadline of their first byte. */
    ChannelHandler deadline() {
        return new Deadline();
    }

    /** Sees decoded requests: the headers are whole, the deadline is off until the next request's first byte. */
    ChannelHandler headersDone() {
        return new HeadersDone();
    }

    private final class Admission extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            unproven.admit(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            unproven.release(ctx.channel());
            counts.release(ctx.channel());
            ctx.fireChannelInactive();
        }
    }

    private final class Deadline extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf && ctx.channel().attr(TIMER).get() == null
                    && !Boolean.TRUE.equals(ctx.channel().attr(IN_REQUEST).get())
                    && !UnprovenConnections.unproven(ctx.channel())) { // an unproven one's deadline runs from accept
                ctx.channel().attr(TIMER).set(ctx.executor().schedule(() -> {
                    log.log("object storage endpoint: " + ctx.channel().remoteAddress() + " sent no whole request "
                            + "headers within " + headerDeadline.toMillis() + " ms; closed");
                    ctx.close();
                }, headerDeadline.toMillis(), TimeUnit.MILLISECONDS));
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            ScheduledFuture<?> t = ctx.channel().attr(TIMER).getAndSet(null);
            if (t != null) {
                t.cancel(false);
            }
            ctx.fireChannelInactive();
        }
    }

    /**
     * After the codec: a request's headers arrived. The deadline is off while its body streams (the idle timeout
     * watches that) and re-arms with the next request's first byte.
     */
    private static final class HeadersDone extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                ScheduledFuture<?> t = ctx.channel().attr(TIMER).getAndSet(null);
                if (t != null) {
                    t.cancel(false);
                }
                ctx.channel().attr(IN_REQUEST).set(true);
            }
            if (msg instanceof LastHttpContent) {
                ctx.channel().attr(IN_REQUEST).set(false);
            }
            ctx.fireChannelRead(msg);
        }
    }
}
