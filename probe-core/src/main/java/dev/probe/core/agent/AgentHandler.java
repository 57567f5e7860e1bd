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
 * so the sample's timestamps are close to the wire), starts the one run at the instant it is given, passes the
 * run's frames back, and stops the run when the coordinator goes away.
 */
final class AgentHandler extends WorkSessionHandler {
    private final AgentParams params;
    private final AgentConfig config;

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
                case START -> start(ctx, AgentMessages.micros(frame.body(), "at"));
                case PING -> {}
                default -> refuse(ctx, "an agent does not take '" + AgentMessages.op(frame).wire() + "'");
            }
        } catch (BadParameterException e) {
            refuse(ctx, e.getMessage());
        }
    }

    private void start(ChannelHandlerContext ctx, long atMicros) {
        AgentRun run = new AgentRun(params, config, ctx.channel()::writeAndFlush, connection.log(),
                connection.session().shortId());
        if (!begin(run)) {
            refuse(ctx, "this run has started already");
            return;
        }
        connection.log().log("agent run " + connection.session().shortId() + " starts at "
                + Instant.EPOCH.plusNanos(atMicros * 1000) + ": " + params.describe());
        run.startAt(atMicros);
    }

    @Override
    protected ControlFrame failure(String why) {
        return AgentMessages.failed(why);
    }
}
