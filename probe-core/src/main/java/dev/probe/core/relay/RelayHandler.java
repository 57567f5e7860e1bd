package dev.probe.core.relay;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.params.RelayParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Mark;
import dev.probe.core.server.FinalError;
import dev.probe.core.server.SessionConnection;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The relay's client connection: each message goes to every next hop ({@link Downstream}) and on to {@code receiver}
 * (the probe server's own handler: counts, ACKs, AFFIRM's forced write), which this handler puts after itself. Every
 * interval the client hears how each next hop is doing (RELAYED); at END the next hops are ended first, and their
 * final RELAYED frames go out before the receiver answers with RESULT. A next hop that fails fails the client's test
 * with its reason. A slow next hop never slows the client: what its full connection cannot take falls behind.
 */
final class RelayHandler extends ChannelInboundHandlerAdapter {
    private final SessionConnection connection;
    private final List<Downstream> next;
    private final ChannelHandler receiver;
    private final long intervalNanos;
    private final long maxBytes;
    private long sentBytes;
    private ScheduledFuture<?> ticker;
    private boolean ended;
    private boolean dropping;

    /** {@code maxBytes}: what the relay may send on, all next hops together (the agent's --max-bytes). */
    RelayHandler(SessionConnection connection, RelayParams params, List<Downstream> next, ChannelHandler receiver,
                 long maxBytes) {
        this.connection = connection;
        this.maxBytes = maxBytes;
        this.next = next;
        this.receiver = receiver;
        this.intervalNanos = params.interval().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.pipeline().addAfter(ctx.name(), "relay-receiver", receiver);
        for (Downstream d : next) {
            d.result().whenComplete((r, e) -> {
                if (e != null) {
                    ctx.executor().execute(() -> failed(ctx, e));
                }
            });
        }
        ticker = ctx.executor().scheduleAtFixedRate(() -> tell(ctx, -1), intervalNanos, intervalNanos,
                TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (dropping) {
            ReferenceCountUtil.release(msg);
        } else if (ended) {
            ctx.fireChannelRead(msg);
        } else if (msg instanceof DataChunk chunk) {
            for (Downstream d : next) {
                sentBytes += d.forward(chunk);
            }
            ctx.fireChannelRead(msg);
            if (sentBytes > maxBytes) {
                failed(ctx, new IllegalStateException(fmt("forwarded more than this "
                        + "agent's --max-bytes of %,d bytes to its %d next hop(s)", maxBytes, next.size())));
            }
        } else if (msg == Mark.INSTANCE) {
            next.forEach(Downstream::mark);
            ctx.fireChannelRead(msg);
        } else if (msg instanceof ControlFrame f && f.type() == FrameType.END) {
            ended = true;
            ticker.cancel(false);
            next.forEach(Downstream::end);
            CompletableFuture.allOf(next.stream().map(Downstream::result).toArray(CompletableFuture[]::new))
                    .whenComplete((v, e) -> ctx.executor().execute(() -> {
                        if (e == null) {
                            next.forEach(d -> ctx.write(d.progress(d.result().join().bytesReceived()).frame()));
                            ctx.fireChannelRead(msg);
                        }
                    }));
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    /** Every next hop's progress to the client; {@code delivered} -1 while the test runs. */
    private void tell(ChannelHandlerContext ctx, long delivered) {
        for (Downstream d : next) {
            ctx.write(d.progress(delivered).frame(), ctx.voidPromise());
        }
        ctx.flush();
    }

    private void failed(ChannelHandlerContext ctx, Throwable e) {
        if (dropping || !ctx.channel().isActive()) { // failed once already: the next hops closed then fail too
            return;
        }
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        connection.log().log("relay: " + cause.getMessage());
        dropping = true;
        if (ticker != null) {
            ticker.cancel(false);
        }
        next.forEach(Downstream::close);
        // the ERROR, then FIN, reading what the client still sends: a close with unread data would reset the
        // connection and could discard the ERROR before the client reads it
        FinalError.send(ctx.channel(), new ErrorReply(ErrorCode.INTERNAL, "relay: "
                + cause.getMessage()));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ticker != null) {
            ticker.cancel(false);
        }
        next.forEach(Downstream::close);
        ctx.fireChannelInactive();
    }
}
