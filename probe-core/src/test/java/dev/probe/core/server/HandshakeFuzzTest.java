package dev.probe.core.server;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.testing.TestFiles;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the probe port before and through the handshake, as the server's pipeline has it: the frame decoder, the
 * handshake handler and, once a HELLO or JOIN is admitted, the session kind's handler (redo test, bulk run), fed
 * arbitrary bytes. What may reach the end of the pipeline is only what the server's error handler answers with
 * one line naming the problem: a {@link ProtocolException} or a {@link BadParameterException} (also inside a
 * {@link DecoderException}); anything else (a NullPointerException, a ClassCastException, an allocation sized by
 * the peer) is a finding.
 */
class HandshakeFuzzTest {
    private static EmbeddedServer server;
    private static Path dir;

    @BeforeAll
    static void start() throws Exception {
        dir = Files.createTempDirectory("probe-fuzz");
        server = new EmbeddedServer(TestServers.loopback(dir));
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        TestFiles.deleteTree(dir);
    }

    @FuzzTest(maxDuration = "5m")
    void probePort(byte[] input) {
        List<Throwable> unexpected = new ArrayList<>();
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(), new ServerHandshakeHandler(server.context()),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        if (!expected(cause)) {
                            unexpected.add(cause);
                        }
                    }
                });
        try {
            int cut = input.length / 2;
            ch.writeInbound(Unpooled.wrappedBuffer(input, 0, cut));
            if (ch.isOpen()) { // a refusal closes it after the first part
                ch.writeInbound(Unpooled.wrappedBuffer(input, cut, input.length - cut));
            }
            ch.runPendingTasks();
            ch.finishAndReleaseAll();
        } catch (RuntimeException e) {
            if (!expected(e)) {
                throw e;
            }
        } finally {
            ch.close();
        }
        if (!unexpected.isEmpty()) {
            throw new IllegalStateException("the server's error handler would answer this with no named problem",
                    unexpected.get(0));
        }
    }

    /**
     * What the server's error handler answers in one line naming the problem, as {@link ServerExceptionHandler}
     * does: a protocol or parameter error (also inside a {@link DecoderException}), or an I/O error such as a write
     * to the connection it already closed.
     */
    private static boolean expected(Throwable cause) {
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        return root instanceof ProtocolException || root instanceof BadParameterException
                || root instanceof IOException || cause instanceof TooLongFrameException;
    }
}
