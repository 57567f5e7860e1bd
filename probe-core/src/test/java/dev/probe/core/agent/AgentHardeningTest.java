package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameEncoder;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Json;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLimits;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.TestServers;
import dev.probe.core.transport.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent's port is hardened as the server's (it is the server's listener with one session kind): other kinds,
 * bad targets, oversized frames and idle connections get a refusal or a close, and the agent keeps serving.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AgentHardeningTest {
    @TempDir
    Path dir;
    private ProbeServer agent;

    @BeforeEach
    void start() throws Exception {
        ServerConfig c = TestServers.loopback(dir).withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(1),
                Duration.ofMinutes(5));
        agent = ProbeServer.startAgent(c, new AgentConfig(ClientSecurity.none(), Transport.best(), Duration.ofSeconds(
                2),
                Duration.ofSeconds(5), AgentLimits.defaults(AllowedTargets.loopback())), line -> {});
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    private static byte[] bytes(ControlFrame frame) {
        ByteBuf buf = Unpooled.buffer();
        FrameEncoder.INSTANCE.encodeTo(frame, buf);
        byte[] b = new byte[buf.readableBytes()];
        buf.readBytes(b);
        return b;
    }

    /** Sends {@code frame} and returns the body of the answer (ERROR here), or null when the agent just closed. */
    private String answer(byte[] frame) throws IOException {
        try (Socket s = TestServers.connect(agent)) {
            s.getOutputStream().write(frame);
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] header = new byte[Frames.HEADER_LENGTH];
            try {
                in.readFully(header);
            } catch (IOException e) {
                return null;
            }
            int length = ((header[8] & 0xff) << 24) | ((header[9] & 0xff) << 16) | ((header[10] & 0xff) << 8)
                    | (header[11] & 0xff);
            byte[] body = new byte[Math.min(length, 8192)];
            in.readFully(body);
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    @Test
    void anotherKindOfTestIsRefused() throws Exception {
        TestParams redo = TestParams.defaults();
        String reply = answer(bytes(new Hello(Frames.VERSION, Handshake.randomId(), redo.kind(), redo.toJson())
                .frame()));
        assertTrue(reply != null && reply.contains("\"BAD_PARAMETER\"") && reply.contains("kind"), reply);
    }

    @Test
    void aTargetThatIsNotAHostIsRefusedNamingTheField() throws Exception {
        ObjectNode params = AgentParams.of("standby", 5555, FanoutConfigTestData.backup()).toJson();
        ((ObjectNode) params.get("legs").get(0).get("target")).put("host", "standby; rm -rf /");
        String reply = answer(bytes(new Hello(Frames.VERSION, Handshake.randomId(), AgentParams.KIND, params).frame()));
        assertTrue(reply != null && reply.contains("host") && reply.contains("BAD_PARAMETER"), reply);
        assertEquals(0, agent.sessionCount());
    }

    @Test
    void anOversizedFrameIsClosedBeforeAnythingIsAllocatedAndTheAgentServesOn() throws Exception {
        byte[] hello = bytes(new Hello(Frames.VERSION, Handshake.randomId(), AgentParams.KIND, Json.object()).frame());
        byte[] header = Arrays.copyOf(hello, Frames.HEADER_LENGTH);
        header[8] = (byte) 0xff;
        header[9] = (byte) 0xff;
        header[10] = (byte) 0xff;
        header[11] = (byte) 0xff;
        String reply = answer(header);
        assertTrue(reply == null || reply.contains("PROTOCOL") || reply.contains("BAD"), reply);
        anotherKindOfTestIsRefused();
    }

    @Test
    void idleConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 100; i++) {
                idle.add(TestServers.connect(agent));
            }
            Await.until(Duration.ofSeconds(5), "closed after the 1 s handshake deadline", () -> agent
                    .connectionCount() == 0);
            idle.get(0).setSoTimeout(1000);
            try {
                assertEquals(-1, idle.get(0).getInputStream().read());
            } catch (SocketTimeoutException | SocketException e) {
                // reset: closed too
            }
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    @Test
    void idleConnectionsFromTwoAddressesDoNotBlockACoordinator() throws Exception {
        agent.close();
        ServerConfig c = TestServers.loopback(dir).withTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(10),
                Duration.ofMinutes(5)).withLimits(new ServerLimits(4, 64, 1, 0)); // probe agent's defaults
        agent = ProbeServer.startAgent(c, new AgentConfig(ClientSecurity.none(), Transport.best(), Duration.ofSeconds(
                2),
                Duration.ofSeconds(5), AgentLimits.defaults(AllowedTargets.loopback())), line -> {});
        List<Socket> idle = new ArrayList<>();
        try {
            for (String from : List.of("127.0.0.2", "127.0.0.3")) {
                for (int i = 0; i < 40; i++) {
                    Socket s = new Socket();
                    s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
                    s.connect(new InetSocketAddress("127.0.0.1", agent.address().getPort()), 5000);
                    idle.add(s);
                }
            }
            Await.until(Duration.ofSeconds(5), "80 idle connections accepted", () -> agent.connectionCount() >= 64);
            String reply = answer(bytes(new Hello(Frames.VERSION, Handshake.randomId(), TestParams.defaults().kind(),
                    TestParams.defaults().toJson()).frame()));
            assertTrue(reply != null && reply.contains("\"BAD_PARAMETER\""), "the coordinator's HELLO is heard "
                    + "(here refused for its kind), not refused for the idle connections: " + reply);
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }
}
