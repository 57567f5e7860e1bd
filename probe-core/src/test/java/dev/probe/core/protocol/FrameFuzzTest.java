package dev.probe.core.protocol;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;

/**
 * Fuzzes what both ends read from the probe port: the frame decoder fed arbitrary bytes (in two writes, so frames
 * split anywhere), then every decoded control frame through its message parser (HELLO, READY, JOIN, JOINED,
 * CHALLENGE, AUTH, END, RESULT, PIECE, PIECE_DONE, ERROR). The only allowed failures are the typed ones the
 * pipeline turns into a one-line refusal: {@link ProtocolException} (also inside a {@link DecoderException}) and
 * {@link BadParameterException}. Runs the committed corpus in {@code mvn verify}; {@code docs/FUZZING.md} says how
 * to fuzz it for minutes.
 */
class FrameFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void framesAndTheirMessages(byte[] input) {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder());
        try {
            int cut = input.length / 3;
            ch.writeInbound(Unpooled.wrappedBuffer(input, 0, cut));
            ch.writeInbound(Unpooled.wrappedBuffer(input, cut, input.length - cut));
        } catch (ProtocolException expected) {
            // the error handler answers it in one line and closes
        } catch (DecoderException e) {
            if (!(e.getCause() instanceof ProtocolException) && !(e instanceof TooLongFrameException)) {
                throw e;
            }
        } finally {
            for (Object o; (o = ch.readInbound()) != null;) {
                try {
                    if (o instanceof ControlFrame f) {
                        parse(f);
                    }
                } finally {
                    ReferenceCountUtil.release(o);
                }
            }
            ch.finishAndReleaseAll();
        }
    }

    private static void parse(ControlFrame f) {
        try {
            switch (f.type()) {
                case HELLO -> Handshake.Hello.from(f.body());
                case READY -> Handshake.Ready.from(f.body());
                case JOIN -> Handshake.Join.from(f.body());
                case JOINED -> Handshake.Joined.from(f.body());
                case CHALLENGE -> Handshake.Challenge.from(f.body());
                case AUTH -> Handshake.AuthAnswer.from(f.body());
                case END -> Ending.End.from(f.body());
                case RESULT -> Ending.Result.from(f.body());
                case PIECE -> Pieces.Piece.from(f.body());
                case PIECE_DONE -> Pieces.PieceDone.from(f.body());
                case ERROR -> ErrorReply.from(f.body());
                default -> {}
            }
        } catch (BadParameterException | ProtocolException expected) {
            // a refusal naming the field
        }
    }
}
