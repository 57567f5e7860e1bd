package dev.probe.core.bulk;

import dev.probe.core.params.BulkParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.Ending.Result;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Pieces.Piece;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.server.FinalError;
import dev.probe.core.server.ReceiveCounters;
import dev.probe.core.server.ServerSession;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.tcp.TcpInfoReader;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * What the server's backup and restore channels share: the congestion control the client asked for, the frame
 * dispatch (PIECE, DATA, END), the piece check against the run, and END answered with RESULT (the server's
 * counts and TCP_INFO) once pending disk work is done.
 */
abstract class BulkChannelHandler extends ChannelInboundHandlerAdapter {
    protected final SessionConnection connection;
    protected final ServerSession session;
    protected final BulkParams params;
    protected final ReceiveCounters counters;
    protected ChannelHandlerContext ctx;
    protected boolean ended;
    protected long pieces;
    private boolean stopped;

    BulkChannelHandler(SessionConnection connection) {
        this.connection = connection;
        this.session = connection.session();
        this.params = (BulkParams) session.spec();
        this.counters = connection.counters();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        if (params.congestion() != null) {
            try {
                TcpInfoReader.setCongestionControl(context.channel(), params.congestion());
            } catch (IllegalStateException e) {
                connection.log().log("session " + session.shortId() + " channel " + connection.index()
                        + " keeps its default congestion control: " + e.getMessage());
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (stopped) {
            ReferenceCountUtil.release(msg);
            return;
        }
        FrameType type = msg instanceof ControlFrame ? ((ControlFrame) msg).type() : null;
        if (msg instanceof DataChunk && acceptsData() && !ended) {
            onData((DataChunk) msg);
        } else if (type == FrameType.PIECE && !ended) {
            onPiece(checked(Piece.from(((ControlFrame) msg).body())));
        } else if (type == FrameType.END && !ended) {
            End.from(((ControlFrame) msg).body());
            ended = true;
            onEnd();
        } else {
            ReferenceCountUtil.release(msg);
            throw new ProtocolException("unexpected " + (type != null ? type : msg.getClass().getSimpleName())
                    + " frame on a bulk " + params.direction().wireName() + " channel");
        }
    }

    /** True when DATA frames are expected from the client (backup). */
    protected abstract boolean acceptsData();

    protected void onData(DataChunk chunk) {
        throw new IllegalStateException("no data expected");
    }

    /** A checked PIECE: announces a backup piece or requests a restore piece. */
    protected abstract void onPiece(Piece p);

    /** END arrived: stop, and {@link #reply} once pending work is done. */
    protected abstract void onEnd();

    private Piece checked(Piece p) {
        if (p.piece() >= params.pieceCount() || p.length() != params.pieceLength(p.piece())) {
            throw new ProtocolException("piece " + p.piece() + " of " + p.length() + " bytes does not fit the run ("
                    + params.pieceCount() + " pieces of " + params.pieceSize() + " bytes)");
        }
        return p;
    }

    /** Ends the channel with {@code error}; what the client still sends is dropped until it has read the error. */
    protected final void stop(ErrorReply error) {
        stopped = true;
        FinalError.send(ctx.channel(), error);
    }

    /** RESULT: bytes received (backup) or sent (restore), pieces, and this socket's TCP_INFO. */
    protected final void reply(long received, long sent) {
        Result counts = counters.result();
        ctx.writeAndFlush(new Result(received, pieces, counts.measuredBytes(), counts.measuredNanos(), sent, pieces,
                TcpInfoReader.read(ctx.channel()).orElse(null),
                TcpInfoReader.congestionControl(ctx.channel()).orElse(null), session.cpuSinceStart()).frame());
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        onClosed();
        connection.closed(ended, "closed before END");
        context.fireChannelInactive();
    }

    /** The connection closed; drop whatever was half done. */
    protected void onClosed() {
    }
}
