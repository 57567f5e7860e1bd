package dev.probe.core.disk;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.WorkSessionHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedByInterruptException;
import java.util.function.Consumer;

/**
 * The server's side of a check a client asked for (a disk check, an NFS export's): the check runs on a thread of its
 * own (never the event loop), sending DISK frames as it measures and its outcome at the end; a failure is one line
 * to the client, and the check is interrupted when the client goes away. The client's pings keep the connection
 * from idling out; anything else it sends ends the session.
 */
public abstract class CheckHandler extends WorkSessionHandler {
    /** A check's body: sends its points through {@code send}, returns its {@code done} frame. */
    @FunctionalInterface
    public interface Check {
        ControlFrame run(Consumer<ControlFrame> send) throws Exception;
    }

    protected CheckHandler(SessionConnection connection, String label) {
        super(connection, label, "the client closed the connection");
    }

    /** Runs {@code check}, named {@code what} in the log, then {@code after} (the slot and space given back). */
    protected final void start(ChannelHandlerContext ctx, String what, Check check, Runnable after) {
        String name = what + " " + connection.session().shortId();
        CheckThread work = new CheckThread();
        work.thread = new Thread(() -> {
            try {
                connection.log().log(name + " starts");
                ControlFrame done = check.run(ctx::writeAndFlush);
                work.finished = true;
                ctx.writeAndFlush(done);
                connection.log().log(name + " done");
            } catch (InterruptedException | ClosedByInterruptException e) {
                connection.log().log(name + " stopped: the client went away");
            } catch (BadParameterException e) {
                refuse(ctx, e.getMessage());
            } catch (Exception e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                connection.log().log(name + " failed: " + why);
                refuse(ctx, why);
            } finally {
                after.run();
            }
        }, "probe-check");
        work.thread.setDaemon(true);
        begin(work);
        work.thread.start();
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

    @Override
    public final void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (!(msg instanceof ControlFrame f) || !DiskMessages.PING.equals(DiskMessages.op(f))) {
                refuse(ctx, "a check takes only pings");
            }
        } catch (BadParameterException e) {
            refuse(ctx, e.getMessage());
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    protected final ControlFrame failure(String why) {
        return DiskMessages.failed(why);
    }
}
