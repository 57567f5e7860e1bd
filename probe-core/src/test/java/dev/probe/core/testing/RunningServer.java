package dev.probe.core.testing;

import dev.probe.core.app.ProbeServer;
import dev.probe.core.objstore.endpoint.EndpointConfig;
import dev.probe.core.server.ServerConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The server tests' one fixture: a probe server on 127.0.0.1 port 0 started before each test, with its own
 * temporary directory and a captured log, and closed after it, also when the test fails.
 *
 * <pre>{@code
 * @RegisterExtension
 * final RunningServer server = RunningServer.with(c -> c.withTimeouts(idle, handshake, max));
 * ... server.port(), server.log().contains("refused") ...
 * }</pre>
 */
public final class RunningServer implements BeforeEachCallback, AfterEachCallback {
    private final Function<Path, ServerConfig> config;
    private final Function<Path, EndpointConfig> endpoint;
    private final LogCapture log = new LogCapture();
    private Path dir;
    private ProbeServer server;

    private RunningServer(Function<Path, ServerConfig> config, Function<Path, EndpointConfig> endpoint) {
        this.config = config;
        this.endpoint = endpoint;
    }

    /** {@link TestServers#loopback} adjusted by {@code adjust}. */
    public static RunningServer with(Function<ServerConfig, ServerConfig> adjust) {
        return new RunningServer(dir -> adjust.apply(TestServers.loopback(dir)), dir -> null);
    }

    /** The config {@code config} makes from the fixture's directory. */
    public static RunningServer of(Function<Path, ServerConfig> config) {
        return new RunningServer(config, dir -> null);
    }

    /** Also serves the Object Storage endpoint {@code endpoint} makes from the fixture's directory. */
    public RunningServer withEndpoint(Function<Path, EndpointConfig> newEndpoint) {
        return new RunningServer(config, newEndpoint);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("probe-test");
        server = ProbeServer.start(config.apply(dir), endpoint.apply(dir), log);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            TestFiles.deleteTree(dir);
        }
    }

    public ProbeServer get() {
        return server;
    }

    public int port() {
        return server.address().getPort();
    }

    public InetSocketAddress address() {
        return server.address();
    }

    public LogCapture log() {
        return log;
    }

    /** The fixture's temporary directory (removed after the test). */
    public Path dir() {
        return dir;
    }
}
