package dev.probe.core.server;

import static dev.probe.core.server.EmbeddedServer.reply;
import static dev.probe.core.testing.TestServers.helloOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Auth;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.AuthAnswer;
import dev.probe.core.protocol.Handshake.Challenge;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Handshake.Join;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.testing.TestServers;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's control phase on {@link EmbeddedChannel}: states, refusals, authentication and the hand-over. */
class HandshakeHandlerTest {
    private static final Auth SECRET = new Auth("correct horse battery staple".getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path dir;
    private EmbeddedServer server;

    private EmbeddedServer start(ServerSecurity security) {
        server = new EmbeddedServer(TestServers.loopback(dir).withSecurity(security)
                .withTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(2), Duration.ofMinutes(5)));
        return server;
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close();
    }

    private static Hello sync() {
        return helloOf(1, Handshake.randomId(), TestParams.builder(Mode.SYNC).length(1024)
                .duration(Duration.ofSeconds(1)).build());
    }

    private static ErrorReply error(ControlFrame f) {
        assertEquals(FrameType.ERROR, f.type(), f.body().toString());
        return ErrorReply.from(f.body());
    }

    @Test
    void helloOpensASessionAndHandsTheConnectionToItsKindsHandler() {
        EmbeddedChannel ch = start(ServerSecurity.none()).connect();
        ch.writeInbound(sync().frame());
        Ready ready = Ready.from(reply(ch).body());
        assertTrue(ready.sessionId().matches("[0-9a-f]{32}"));
        assertEquals("probe test", ready.server());
        assertNull(ready.storage(), "tests keep no data");
        assertEquals("RedoServerHandler", ch.pipeline().get("data").getClass().getSimpleName());
        assertEquals(1, server.context().sessions().size());
        ch.finishAndReleaseAll();
    }

    @Test
    void anUnknownKindOrVersionIsRefusedAndTheConnectionClosed() {
        EmbeddedChannel ch = start(ServerSecurity.none()).connect();
        Hello sync = sync();
        ch.writeInbound(new Hello(1, Handshake.randomId(), "disk", sync.params()).frame());
        ErrorReply e = error(reply(ch));
        assertEquals(ErrorCode.BAD_PARAMETER, e.code());
        assertEquals("kind: 'disk' is not valid", e.message());
        assertFalse(ch.isOpen(), "closed after the refusal");

        EmbeddedChannel old = server.connect();
        old.writeInbound(new Hello(7, Handshake.randomId(), "test", sync.params()).frame());
        assertEquals(ErrorCode.PROTOCOL, error(reply(old)).code());
        assertEquals(0, server.context().sessions().size());
    }

    @Test
    void dataBeforeHelloIsAProtocolErrorNamingWhatWasExpected() {
        EmbeddedChannel ch = start(ServerSecurity.none()).connect();
        ProtocolException e = assertThrows(ProtocolException.class,
                () -> ch.writeInbound(new DataChunk(Unpooled.buffer(4).writeInt(1), true, true)));
        assertEquals("expected HELLO or JOIN, got a DataChunk frame", e.getMessage());
    }

    @Test
    void joinOfAnUnknownSessionIsRefused() {
        EmbeddedChannel ch = start(ServerSecurity.none()).connect();
        ch.writeInbound(new Join(Handshake.randomId(), 1, Handshake.randomId()).frame());
        ErrorReply e = error(reply(ch));
        assertEquals(ErrorCode.UNKNOWN_SESSION, e.code());
        assertTrue(e.message().startsWith("no session "), e.message());
    }

    @Test
    void withASecretNothingIsServedBeforeAValidAuth() {
        start(new ServerSecurity(SECRET, null, null));
        Hello hello = sync();
        EmbeddedChannel wrong = server.connect();
        wrong.writeInbound(hello.frame());
        Challenge c = Challenge.from(reply(wrong).body());
        assertEquals(0, server.context().sessions().size(), "a challenged HELLO opens nothing");
        assertThrows(ProtocolException.class, () -> wrong.writeInbound(hello.frame()), "AUTH expected, not HELLO");

        EmbeddedChannel bad = server.connect();
        bad.writeInbound(hello.frame());
        reply(bad);
        bad.freezeTime();
        bad.writeInbound(new AuthAnswer("0".repeat(64)).frame());
        assertEquals(null, (Object) bad.readOutbound(), "a failed authentication is answered after a backoff");
        bad.advanceTimeBy(AuthBackoff.FIRST_MILLIS, TimeUnit.MILLISECONDS);
        bad.runScheduledPendingTasks();
        assertEquals(ErrorCode.AUTH, error(reply(bad)).code());
        assertEquals(1, server.context().authFailures());
        assertFalse(bad.isOpen());

        EmbeddedChannel good = server.connect();
        ControlFrame h = hello.frame();
        good.writeInbound(h);
        c = Challenge.from(reply(good).body());
        good.writeInbound(new AuthAnswer(SECRET.mac("client", h, hello.clientNonce(),
                c.serverNonce())).frame());
        Ready ready = Ready.from(reply(good).body());
        assertEquals(SECRET.mac("server", h, hello.clientNonce(), c.serverNonce()),
                ready.serverProof(), "the server proves it knows the secret too");
        assertEquals(1, server.context().sessions().size());
        good.finishAndReleaseAll();
    }

    @Test
    void silenceUntilTheHandshakeDeadlineClosesTheConnection() {
        EmbeddedChannel ch = start(ServerSecurity.none()).connect();
        ch.advanceTimeBy(1900, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertTrue(ch.isOpen(), "still within the 2 s deadline");
        ch.advanceTimeBy(200, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen());
        assertTrue(server.log().contains("no HELLO or JOIN within 2000 ms"), server.log().toString());
    }
}
