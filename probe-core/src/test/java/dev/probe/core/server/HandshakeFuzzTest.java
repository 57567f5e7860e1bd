package dev.probe.core.server;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the probe port before and through the handshake, as the server's pipeline has it: the frame decoder, the
 * handshake handler and, once a HELLO or JOIN is admitted, the session kind's handler (redo test, bulk run), fed
 * arbitrary bytes. What may reach the end of the pipeline is only what the server's error handler answers with
 * one line: a {@link ProtocolException} (also inside a {@link DecoderException}); anything else (a
 * NullPointerException, a ClassCastException, an allocation sized by the peer) is a finding.
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
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @FuzzTest(maxDuration = "5m")
    void probePort(byte[] input) {
        EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(), new ServerHandshakeHandler(server.context()));
        try {
            int cut = input.length / 2;
            ch.writeInbound(Unpooled.wrappedBuffer(input, 0, cut));
            ch.writeInbound(Unpooled.wrappedBuffer(input, cut, input.length - cut));
            ch.runPendingTasks();
            ch.checkException();
        } catch (ProtocolException expected) {
            // the error handler answers it in one line and closes
        } catch (DecoderException e) {
            if (!(e.getCause() instanceof ProtocolException) && !(e instanceof io.netty.handler.codec.TooLongFrameException)) {
                throw e;
            }
        } finally {
            ch.finishAndReleaseAll();
        }
    }
}
