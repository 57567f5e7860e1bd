package dev.probe.e2e;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end tests against one {@code probe server} process on 127.0.0.1 (port 0, read back), started per test. */
abstract class ServerIT {
    @TempDir
    Path dir;
    ProbeProcess server;
    int port;

    /** Flags beyond the loopback defaults ({@link ProbeProcess#loopbackServer}); may prepare what they name. */
    String[] serverFlags() throws Exception {
        return new String[0];
    }

    @BeforeEach
    void startServer() throws Exception {
        server = ProbeProcess.loopbackServer(dir, serverFlags());
        port = server.awaitServerPort();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }
}
