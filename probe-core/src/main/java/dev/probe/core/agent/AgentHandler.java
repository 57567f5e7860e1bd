package dev.probe.core.agent;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.WorkSessionHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.time.Instant;

/**
 * The agent's side of a coordinator's control connection: answers clock samples at once (on the event loop,
 * so the sample's timestamps are close to the wire), opens the one run's legs when asked (OPEN; the run says READY
 * when they are open), starts them at the instant it is then given (START), passes the run's frames back, and stops
 * the run when the coordinator goes away.
 */
final class AgentHandler extends WorkSessionHandler {
    private final AgentParams params;
    private final AgentConfig config;
    private AgentRun run;
    private boolean startGiven;

    AgentHandler(SessionConnection connection, AgentParams params, AgentConfig config) {
        super(connection, "agent session", "the coordinator closed the control connection");
        this.params = params;
        this.config = config;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        long received = AgentMessages.nowMicros();
        if (!(msg instanceof ControlFrame) || ((ControlFrame) msg).type() != FrameType.AGENT) {
            ReferenceCountUtil.release(msg);
            refuse(ctx, "unexpected " + (msg instanceof ControlFrame ? ((ControlFrame) msg).type() : "data")
                    + " on an agent's control connection");
            return;
        }
        ControlFrame frame = (ControlFrame) msg;
        try {
            switch (AgentMessages.op(frame)) {
                case CLOCK -> ctx.writeAndFlush(AgentMessages.clockReply(
                        AgentMessages.micros(frame.body(), "t0"), received, AgentMessages.nowMicros()));
                case OPEN -> open(ctx);
                case START -> start(ctx, AgentMessages.micros(frame.body(), "at"));
                case PING -> {}
                default -> refuse(ctx, "an agent does not take '" + AgentMessages.op(frame).wire() + "'");
            }
        } catch (BadParameterException e) {
            refuse(ctx, e.getMessage());
        }
    }

    private boolean open(ChannelHandlerContext ctx) {
        AgentRun r = new AgentRun(params, config, ctx.channel()::writeAndFlush, connection.log(),
                connection.session().shortId());
        if (run != null || !begin(r)) {
            refuse(ctx, "this run has opened already");
            return false;
        }
        run = r;
        r.open();
        return true;
    }

    /** The start instant; a START with no OPEN before it opens the legs now (a coordinator of one phase). */
    private void start(ChannelHandlerContext ctx, long atMicros) {
        if (startGiven) {
            refuse(ctx, "this run has started already");
            return;
        }
        if (run == null && !open(ctx)) {
            return;
        }
        startGiven = true;
        connection.log().log("agent run " + connection.session().shortId() + " starts at "
                + Instant.EPOCH.plusNanos(atMicros * 1000) + ": " + params.describe());
        run.startAt(atMicros);
    }

    @Override
    protected ControlFrame failure(String why) {
        return AgentMessages.failed(why);
    }
}
