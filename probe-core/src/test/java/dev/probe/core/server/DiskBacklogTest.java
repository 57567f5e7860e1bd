package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** The server-wide bound on what disk queues hold: past HIGH the queueing connections stop reading; under LOW all resume. */
class DiskBacklogTest {
    private static final long MIB = 1024 * 1024;

    @Test
    void connectionsPastTheServerWideBoundStopReadingUntilItDrains() {
        DiskBacklog backlog = new DiskBacklog();
        EmbeddedChannel a = new EmbeddedChannel();
        EmbeddedChannel b = new EmbeddedChannel();
        ReadGate ga = new ReadGate(a);
        ReadGate gb = new ReadGate(b);
        try {
            backlog.add(40 * MIB, ga);
            assertTrue(a.config().isAutoRead(), "under the bound: reading");
            backlog.add(30 * MIB, gb);
            assertFalse(b.config().isAutoRead(), "the connection that crossed it stops");
            assertTrue(a.config().isAutoRead(), "the others read on until they queue more");
            backlog.add(MIB, ga);
            assertFalse(a.config().isAutoRead());
            backlog.done(30 * MIB);
            assertFalse(a.config().isAutoRead() || b.config().isAutoRead(), "41 MiB is over the low mark");
            backlog.done(10 * MIB);
            assertTrue(a.config().isAutoRead() && b.config().isAutoRead(), "under 32 MiB both resume");
            assertEquals(31 * MIB, backlog.pending());
        } finally {
            a.finishAndReleaseAll();
            b.finishAndReleaseAll();
        }
    }
}
