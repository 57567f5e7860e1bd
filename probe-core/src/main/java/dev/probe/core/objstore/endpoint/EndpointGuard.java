package dev.probe.core.objstore.endpoint;

import dev.probe.core.server.LogThrottle;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.SourceCounts;
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
 * What the endpoint allows before a request is even read: at most {@code maxTotal} connections, at most
 * {@code maxPerSource} from one address (one host's idle connections cannot lock others out), and a request's
 * headers must be whole within {@code headerDeadline} of its first byte (a slow-loris sender is cut off even
 * though each byte resets the idle timer). Refusals are logged at most once a second. One per endpoint;
 * {@link #admission()} goes first in every pipeline, {@link #deadline()} around the HTTP codec.
 */
final class EndpointGuard {
    /** Connections one address may hold open. */
    static final int MAX_PER_SOURCE = 64;
    /** Connections in all. */
    static final int MAX_TOTAL = 1024;
    private static final AttributeKey<ScheduledFuture<?>> TIMER = AttributeKey.valueOf("probe.header-deadline");
    private static final AttributeKey<Boolean> IN_REQUEST = AttributeKey.valueOf("probe.in-request");
    private final Duration headerDeadline;
    private final ServerLog log;
    private final SourceCounts counts;
    private final LogThrottle refusals;

    EndpointGuard(int maxTotal, int maxPerSource, Duration headerDeadline, ServerLog log) {
        this.counts = new SourceCounts(maxTotal, maxPerSource, "the endpoint's cap");
        this.refusals = new LogThrottle(log);
        this.headerDeadline = headerDeadline;
        this.log = log;
    }

    /** Counts the connection in, or closes it at once when it would pass a cap. */
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

    private final class Admission extends SourceCounts.Gate {
        Admission() {
            super(counts);
        }

        @Override
        protected void refuse(ChannelHandlerContext ctx, String why) {
            refusals.log("object storage endpoint: refused " + ctx.channel().remoteAddress() + ": " + why);
            ctx.close();
        }
    }

    private final class Deadline extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf && ctx.channel().attr(TIMER).get() == null
                    && !Boolean.TRUE.equals(ctx.channel().attr(IN_REQUEST).get())) {
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
