package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The server-wide bound on what disk queues hold: past HIGH the queueing connections stop reading; under LOW all resume. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DiskBacklogTest {
    private static final long MIB = 1024 * 1024;
    private static final int ROUNDS = 2_000;

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

    /**
     * A connection crossing the bound on its event loop while a disk thread drains the backlog under the low mark:
     * whichever comes first, the connection reads again once the backlog is under it. Registered as paused before its
     * gate closed, a connection could be resumed (removed, its gate opened) in between and then close for good: fresh-
     * clone run 89's 256-channel backup to --dir had one channel send its last piece and wait, unread, until the
     * server's 60 s idle timeout reset it. The window is a few instructions wide: this did not catch that order in
     * 20,000 rounds here, so it guards the invariant, not that race.
     */
    @Test
    void aConnectionPausedWhileTheDiskDrainsReadsAgainUnderTheLowMark() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel();
        EmbeddedChannel others = new EmbeddedChannel();
        try {
            for (int i = 0; i < ROUNDS; i++) {
                DiskBacklog backlog = new DiskBacklog();
                ReadGate gate = new ReadGate(channel);
                backlog.add(DiskBacklog.HIGH, new ReadGate(others)); // at the bound, not past it
                AtomicBoolean go = new AtomicBoolean();
                Thread disk = SpinStart.whenSet(go, () -> backlog.done(DiskBacklog.HIGH));
                go.set(true);
                backlog.add(1, gate); // past it: this connection pauses, unless the drain came first
                disk.join();
                assertEquals(1, backlog.pending());
                assertFalse(gate.closed(), "round " + i + ": 1 byte pending, and the connection still paused");
            }
        } finally {
            channel.finishAndReleaseAll();
            others.finishAndReleaseAll();
        }
    }
}
