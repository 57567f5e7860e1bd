package dev.probe.core.server;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes every connection's {@link DiskQueue} holds together, bounded server-wide: each queue stops its own
 * connection's reads past 8 MiB, which for 1,024 backup channels to a slow disk still let 6 GB of received data
 * wait in memory (measured: 6.3 GB peak RSS). Past {@link #HIGH} a connection that queues more stops reading until
 * the total is under {@link #LOW}. Thread-safe: added on event loops, taken on disk threads.
 */
final class DiskBacklog {
    static final long HIGH = 64L * 1024 * 1024;
    static final long LOW = 32L * 1024 * 1024;

    private final AtomicLong pending = new AtomicLong();
    private final Set<ReadGate> paused = ConcurrentHashMap.newKeySet();

    /** {@code bytes} more are queued by the connection behind {@code gate}. */
    void add(long bytes, ReadGate gate) {
        if (pending.addAndGet(bytes) > HIGH) {
            // closed before it is listed: listed first, a disk thread's resume could remove and open it in between,
            // and the close then held for good (fresh-clone run 89: one of 256 backup channels to --dir unread until
            // the 60 s idle timeout reset it)
            gate.close(ReadGate.DISK_ALL);
            paused.add(gate);
            if (pending.get() < LOW) { // the disk caught up in between: nobody else would reopen it
                resume();
            }
        }
    }

    /** {@code bytes} were written (or dropped). */
    void done(long bytes) {
        if (pending.addAndGet(-bytes) < LOW && !paused.isEmpty()) {
            resume();
        }
    }

    long pending() {
        return pending.get();
    }

    private void resume() {
        for (ReadGate g : paused) {
            if (paused.remove(g)) {
                g.open(ReadGate.DISK_ALL);
            }
        }
    }
}
