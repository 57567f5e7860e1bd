package dev.probe.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.probe.core.transport.IoErrors;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

/** Socket errors read as plain words. */
class IoErrorsTest {
    @Test
    void nativePrefixAndAddressAreDropped() {
        assertEquals("Connection refused",
                IoErrors.describe(new IOException("finishConnect(..) failed: Connection refused: /127.0.0.1:16000")));
        assertEquals("Connection reset by peer",
                IoErrors.describe(new IOException("recvAddress(..) failed: Connection reset by peer")));
        assertEquals("Broken pipe", IoErrors.describe(new IOException("Broken pipe")));
        // Netty 4.2 adds the errno
        assertEquals("Connection refused", IoErrors.describe(
                new IOException("finishConnect(..) failed with error(-111): Connection refused: /127.0.0.1:16000")));
        assertEquals("Address already in use",
                IoErrors.describe(new IOException("bind(..) failed with error(-98): Address already in use")));
        assertEquals("an I/O error with no reason given (--debug shows it)", IoErrors.describe(new IOException()));
        // issue 56: Netty's message-less StacklessClosedChannelException was printed by its class name
        assertEquals("the peer closed the connection",
                IoErrors.describe(new ClosedChannelException()));
    }
}
