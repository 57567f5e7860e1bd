package dev.probe.core.redo;

import dev.probe.core.protocol.Ack;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Mark;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.server.ReadGate;
import dev.probe.core.server.ReceiveCounters;
import dev.probe.core.server.ServerSession;
import dev.probe.core.server.SessionConnection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * Receives a test's data on one connection: counts it, ACKs sync messages (after the disk write when the
 * test asks for one), restarts its measured counts at MARK, and answers END with the receiver's RESULT.
 */
final class RedoServerHandler extends ChannelInboundHandlerAdapter {
    private static final Ack ACK_NO_DISK = new Ack(0);

    private final SessionConnection connection;
    private final ServerSession session;
    private final ReceiveCounters counters;
    private final ReadGate gate;
    private final DiskWriter disk;
    private final boolean sync;
    private boolean ended;

    /** {@code sync}: each message is answered with an ACK (after {@code disk}'s forced write, when given). */
    RedoServerHandler(SessionConnection connection, DiskWriter disk, boolean sync) {
        this.connection = connection;
        this.session = connection.session();
        this.counters = connection.counters();
        this.gate = connection.gate();
        this.disk = disk;
        this.sync = sync;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof DataChunk && !ended) {
            onData(ctx, (DataChunk) msg);
        } else if (msg == Mark.INSTANCE && !ended) {
            counters.onMark();
            session.restartCpu();
        } else if (msg instanceof ControlFrame && ((ControlFrame) msg).type() == FrameType.END && !ended) {
            onEnd(ctx, End.from(((ControlFrame) msg).body()));
        } else {
            ReferenceCountUtil.release(msg);
            throw new ProtocolException("unexpected " + describe(msg) + (ended ? " after END" : " during a test"));
        }
    }

    private void onData(ChannelHandlerContext ctx, DataChunk chunk) {
        counters.onBytes(chunk.content().readableBytes());
        gate.charge(session.rateCap(), chunk.content().readableBytes());
        boolean last = chunk.last();
        if (last) {
            counters.onMessage();
        }
        if (disk != null) {
            disk.write(chunk);
            return;
        }
        chunk.release();
        if (last && sync) {
            ctx.writeAndFlush(ACK_NO_DISK, ctx.voidPromise());
            gate.followWritability();
        }
    }

    /** A client that does not read its ACKs is not read either: the server's memory stays bounded. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        gate.followWritability();
        ctx.fireChannelWritabilityChanged();
    }

    private void onEnd(ChannelHandlerContext ctx, End end) {
        ended = true;
        Runnable reply = () -> ctx.writeAndFlush(counters.result().withServerCpu(session.cpuSinceStart()).frame());
        if (disk != null) {
            disk.afterPending(reply);
        } else {
            reply.run();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (disk != null) {
            disk.close();
        }
        connection.closed(ended, "closed before END");
        ctx.fireChannelInactive();
    }

    private static String describe(Object msg) {
        if (msg instanceof ControlFrame) {
            return ((ControlFrame) msg).type() + " frame";
        }
        return msg instanceof DataChunk ? "DATA frame" : msg.getClass().getSimpleName() + " frame";
    }
}
