package dev.probe.core.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What an HTTP port (the Object Storage endpoint, the monitor) allows before a request is even read. A new
 * connection is held among the {@code unproven} that have sent no valid request yet (when they are full, the oldest
 * of the address holding the most is closed), and its first request's headers must be whole within
 * {@code headerDeadline} of accept; once a request passes the
 * router (its signature checked) the connection counts against at most {@code maxTotal} connections and at most
 * {@code maxPerSource} from one address instead. So idle connections from a few addresses cannot lock out a client
 * that signs its requests (issue 40, point 2). Each later request's headers must be whole within the deadline of
 * its first byte (a slow-loris sender is cut off even though each byte resets the idle timer). Refusals are logged
 * at most once a second. One per port; {@link #admission()} goes first in every pipeline, {@link #deadline()}
 * before the HTTP codec and {@link #headersDone()} after it; the handler that accepts a request calls
 * {@link #prove}.
 */
public final class HttpGuard {
    private static final AttributeKey<ScheduledFuture<?>> TIMER = AttributeKey.valueOf("probe.header-deadline");
    private static final AttributeKey<Boolean> IN_REQUEST = AttributeKey.valueOf("probe.in-request");
    private final Duration headerDeadline;
    private final String port;
    private final ServerLog log;
    private final SourceCounts counts;
    private final LogThrottle refusals;
    private final UnprovenConnections unproven;

    /**
     * At most {@code maxTotal} connections with a valid request, {@code maxPerSource} of them from one address, and
     * {@code unproven} without one yet; {@code port} names the port in log lines and refusals ("object storage
     * endpoint").
     */
    public HttpGuard(int maxTotal, int maxPerSource, int unproven, Duration headerDeadline, String port,
                     ServerLog log) {
        this.counts = new SourceCounts(maxTotal, maxPerSource, port + "'s cap");
        this.refusals = new LogThrottle(log);
        this.unproven = new UnprovenConnections(unproven, headerDeadline, port, log);
        this.port = port;
        this.headerDeadline = headerDeadline;
        this.log = log;
    }

    /**
     * {@code ch} sent a valid request: it leaves the unproven budget and counts against the caps; returns null, or
     * why it is over one (it is logged; the caller answers and closes). A connection proven before is let be.
     */
    public String prove(Channel ch) {
        String over = unproven.prove(ch, counts);
        if (over != null) {
            refusals.log(port + ": refused " + ch.remoteAddress() + ": " + over);
        }
        return over;
    }

    /** Holds the connection among the unproven, its header deadline running from now. */
    public ChannelHandler admission() {
        return unproven.gate(counts);
    }

    /** Closes a connection whose request headers are not whole within the deadline of their first byte. */
    public ChannelHandler deadline() {
        return new Deadline();
    }

    /** Closes the connection on the {@link io.netty.handler.timeout.IdleStateHandler}'s event before it. */
    public ChannelHandler idleClose() {
        return IDLE_CLOSE;
    }

    private static final ChannelHandler IDLE_CLOSE = new IdleClose();

    @ChannelHandler.Sharable
    private static final class IdleClose extends ChannelInboundHandlerAdapter {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof IdleStateEvent) {
                ctx.close();
            } else {
                ctx.fireUserEventTriggered(evt);
            }
        }
    }

    /** Sees decoded requests: the headers are whole, the deadline is off until the next request's first byte. */
    public ChannelHandler headersDone() {
        return new HeadersDone();
    }

    private final class Deadline extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf && ctx.channel().attr(TIMER).get() == null
                    && !Boolean.TRUE.equals(ctx.channel().attr(IN_REQUEST).get())
                    && !UnprovenConnections.unproven(ctx.channel())) { // an unproven one's deadline runs from accept
                ctx.channel().attr(TIMER).set(ctx.executor().schedule(() -> {
                    log.log(port + ": " + ctx.channel().remoteAddress() + " sent no whole request "
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
