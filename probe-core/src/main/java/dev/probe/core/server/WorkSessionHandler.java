package dev.probe.core.server;

import dev.probe.core.protocol.ControlFrame;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * A session whose work runs off the event loop and streams its frames back (a disk check, an agent's run): a
 * refusal is one logged line sent as the feature's failure frame, then the close; the work is cancelled when the
 * client goes away first; the session ends finished or with {@code lostReason}.
 */
public abstract class WorkSessionHandler extends ChannelInboundHandlerAdapter {
    /** The work under way: whether it completed, and how to stop it. */
    public interface Work {
        boolean finished();

        void cancel();
    }

    protected final SessionConnection connection;
    private final String label;
    private final String lostReason;
    private Work work;

    /** {@code label} names the session in the log ("agent session"); {@code lostReason}: why it ended unfinished. */
    protected WorkSessionHandler(SessionConnection connection, String label, String lostReason) {
        this.connection = connection;
        this.label = label;
        this.lostReason = lostReason;
    }

    /** The feature's frame that tells the client why it failed. */
    protected abstract ControlFrame failure(String why);

    /** Logs why, tells the client in one line, then closes the connection. */
    protected final void refuse(ChannelHandlerContext ctx, String why) {
        connection.log().log(label + " " + connection.session().shortId() + ": " + why);
        ctx.writeAndFlush(failure(why)).addListener(f -> ctx.close());
    }

    /** The work this session runs, once; false when it has been given already. */
    protected final boolean begin(Work w) {
        if (work != null) {
            return false;
        }
        work = w;
        return true;
    }

    @Override
    public final void channelInactive(ChannelHandlerContext ctx) {
        boolean finished = work != null && work.finished();
        if (work != null && !finished) {
            work.cancel();
        }
        connection.closed(finished, finished ? null : lostReason);
        ctx.fireChannelInactive();
    }

    @Override
    public final void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
