package dev.probe.core.disk;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.WorkSessionHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.nio.file.Path;

/**
 * The server's side of a remote disk check: runs it on a thread of its own (never on the event loop), sends each
 * point as it is measured and then the outcome, and stops the check when the client goes away.
 */
final class DiskHandler extends WorkSessionHandler {
    private final RemoteDiskSpec request;
    private final DiskKind kind;

    DiskHandler(SessionConnection connection, RemoteDiskSpec request, DiskKind kind) {
        super(connection, "disk check", "the client closed the connection");
        this.request = request;
        this.kind = kind;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!kind.acquire()) {
            refuse(ctx, "at: a disk check is running on this server; one at a time");
            return;
        }
        Path dir = kind.inside(request.dir()); // before the reservation, which nothing would give back if this threw
        long size = request.params().size();
        String full = kind.reserve(size);
        if (full != null) {
            kind.release();
            refuse(ctx, full);
            return;
        }
        String name = connection.session().shortId();
        CheckThread check = new CheckThread();
        check.thread = new Thread(() -> {
            try {
                connection.log().log("disk check " + name + " in " + dir + " starts");
                DiskResult r = new DiskCheck(dir, request.params()).run(p -> ctx.writeAndFlush(DiskMessages.point(p)));
                check.finished = true;
                ctx.writeAndFlush(DiskMessages.done(r.dir(), r.fileSystem(), r.blockSize()));
                connection.log().log("disk check " + name + " done: " + r.points().size() + " points");
            } catch (InterruptedException | java.nio.channels.ClosedByInterruptException e) {
                connection.log().log("disk check " + name + " stopped: the client went away");
            } catch (BadParameterException e) {
                refuse(ctx, e.getMessage());
            } catch (Exception e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                connection.log().log("disk check " + name + " failed: " + why);
                refuse(ctx, why);
            } finally {
                if (!request.params().keep()) {
                    kind.freed(size);
                }
                kind.release();
            }
        }, "probe-disk-check");
        check.thread.setDaemon(true);
        begin(check);
        check.thread.start();
    }

    /** The check on a thread of its own (never the event loop); interrupted when the client goes away. */
    private static final class CheckThread implements Work {
        volatile boolean finished;
        Thread thread;

        @Override
        public boolean finished() {
            return finished;
        }

        @Override
        public void cancel() {
            thread.interrupt();
        }
    }

    /** The client's pings keep the connection from idling out; anything else ends the session. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (!(msg instanceof ControlFrame f) || !DiskMessages.PING.equals(DiskMessages.op(f))) {
                refuse(ctx, "a disk check takes only pings");
            }
        } catch (BadParameterException e) {
            refuse(ctx, e.getMessage());
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    protected ControlFrame failure(String why) {
        return DiskMessages.failed(why);
    }
}
