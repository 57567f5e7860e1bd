package dev.probe.core.lab;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The packets one direction holds between arrival and delivery: a single-producer single-consumer queue of at
 * most {@code capacity} packets (the netem-like limit) whose bytes sit back to back in one native byte ring, so a
 * 66-byte ACK costs 72 bytes and a 64 KiB GSO aggregate 64 KiB. Packets are read straight into the ring; a
 * packet that would cross the ring's end starts again at its beginning.
 */
final class PacketRing {
    private final int capacity;
    private final int maxPacket;
    private final long byteCapacity;
    private final Memory bytes;
    private final long base;
    private final long[] start;
    private final long[] due;
    private final int[] length;
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();
    private long next;
    private long claimed;

    PacketRing(int capacity, int maxPacket, long byteCapacity) {
        this.capacity = capacity;
        this.maxPacket = maxPacket;
        this.byteCapacity = Math.max(byteCapacity, 16L * maxPacket);
        this.bytes = new Memory(this.byteCapacity);
        this.base = Pointer.nativeValue(bytes);
        this.start = new long[capacity];
        this.due = new long[capacity];
        this.length = new int[capacity];
    }

    int capacity() {
        return capacity;
    }

    int maxPacket() {
        return maxPacket;
    }

    /** Packets held now. */
    int size() {
        return (int) (tail.get() - head.get());
    }

    /** Producer: address with room for {@link #maxPacket} bytes, or 0 when the queue or the byte ring is full. */
    long claim() {
        long t = tail.get();
        long h = head.get();
        if (t - h >= capacity) {
            return 0;
        }
        long v = next;
        long offset = v % byteCapacity;
        if (offset + maxPacket > byteCapacity) {
            v += byteCapacity - offset;
        }
        long oldest = t == h ? v : start[(int) (h % capacity)];
        if (v + maxPacket - oldest > byteCapacity) {
            return 0;
        }
        claimed = v;
        return base + v % byteCapacity;
    }

    /** Producer: publishes the claimed packet of {@code n} bytes, due at {@code dueNanos}. */
    void publish(int n, long dueNanos) {
        long t = tail.get();
        int i = (int) (t % capacity);
        start[i] = claimed;
        length[i] = n;
        due[i] = dueNanos;
        next = claimed + ((n + 7) & ~7);
        tail.lazySet(t + 1);
    }

    /** Consumer: true when nothing is held. */
    boolean isEmpty() {
        return head.get() == tail.get();
    }

    /** Consumer: due time of the oldest packet (queue not empty). */
    long headDue() {
        return due[(int) (head.get() % capacity)];
    }

    long headAddress() {
        return base + start[(int) (head.get() % capacity)] % byteCapacity;
    }

    int headLength() {
        return length[(int) (head.get() % capacity)];
    }

    /** Consumer: frees the oldest packet. */
    void release() {
        head.lazySet(head.get() + 1);
    }
}
