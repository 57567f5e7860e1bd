package dev.probe.cli.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/** The server command's own rules that need no running server. */
class ServerCommandTest {
    @Test
    void serverWarnsWhenOpenBeyondLoopbackWithoutASecret() throws Exception {
        assertTrue(ServerCommand.warnOpen(InetAddress.getByName("0.0.0.0"), false));
        assertTrue(ServerCommand.warnOpen(InetAddress.getByName("10.1.2.3"), false));
        assertFalse(ServerCommand.warnOpen(InetAddress.getByName("10.1.2.3"), true));
        assertFalse(ServerCommand.warnOpen(InetAddress.getByName("127.0.0.1"), false));
    }
}
