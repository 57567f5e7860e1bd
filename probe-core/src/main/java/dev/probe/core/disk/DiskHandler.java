package dev.probe.core.disk;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.server.SessionConnection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.nio.file.Path;

/**
 * The server's side of a remote disk check: runs it on a thread of its own (never on the event loop), sends each
 * point as it is measured and then the outcome, and stops the check when the client goes away.
 */
final class DiskHandler extends ChannelInboundHandlerAdapter {
    private final SessionConnection connection;
    private final RemoteDisk request;
    private final DiskKind kind;
    private volatile boolean finished;
    private Thread thread;

    DiskHandler(SessionConnection connection, RemoteDisk request, DiskKind kind) {
        this.connection = connection;
        this.request = request;
        this.kind = kind;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!kind.acquire()) {
            ctx.writeAndFlush(DiskMessages.failed("at: a disk check is running on this server; one at a time"))
                    .addListener(f -> ctx.close());
            return;
        }
        Path dir = kind.inside(request.dir());
        String name = connection.session().shortId();
        thread = new Thread(() -> {
            try {
                connection.log().log("disk check " + name + " in " + dir + " starts");
                DiskResult r = new DiskCheck(dir, request.params()).run(p -> ctx.writeAndFlush(DiskMessages.point(p)));
                finished = true;
                ctx.writeAndFlush(DiskMessages.done(r.dir(), r.fileSystem(), r.blockSize()));
                connection.log().log("disk check " + name + " done: " + r.points().size() + " points");
            } catch (InterruptedException e) {
                connection.log().log("disk check " + name + " stopped: the client went away");
            } catch (BadParameterException e) {
                ctx.writeAndFlush(DiskMessages.failed(e.getMessage())).addListener(f -> ctx.close());
            } catch (Exception e) {
                connection.log().log("disk check " + name + " failed: " + e.getMessage());
                ctx.writeAndFlush(DiskMessages.failed(e.getMessage() == null ? e.toString() : e.getMessage()))
                        .addListener(f -> ctx.close());
            } finally {
                kind.release();
            }
        }, "probe-disk-check");
        thread.setDaemon(true);
        thread.start();
    }

    /** The client's pings keep the connection from idling out; anything else ends the session. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (!(msg instanceof ControlFrame f) || !DiskMessages.PING.equals(DiskMessages.op(f))) {
                ctx.writeAndFlush(DiskMessages.failed("a disk check takes only pings")).addListener(x -> ctx.close());
            }
        } catch (BadParameterException e) {
            ctx.writeAndFlush(DiskMessages.failed(e.getMessage())).addListener(x -> ctx.close());
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (thread != null && !finished) {
            thread.interrupt();
        }
        connection.closed(finished, finished ? null : "the client closed the connection");
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
