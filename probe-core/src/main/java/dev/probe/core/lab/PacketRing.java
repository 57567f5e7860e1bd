package dev.probe.core.lab;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The packets one direction holds between arrival and delivery: a single-producer single-consumer ring of
 * {@code capacity} slots of {@code slotSize} native bytes, each with its length and due time. Slot memory is
 * allocated in blocks on first use, so a large limit costs only what the link actually holds.
 */
final class PacketRing {
    private static final int BLOCK = 256;
    private final int capacity;
    private final int slotSize;
    private final Memory[] blocks;
    private final long[] blockAddress;
    private final long[] due;
    private final int[] length;
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();

    PacketRing(int capacity, int slotSize) {
        this.capacity = capacity;
        this.slotSize = slotSize;
        int nBlocks = (capacity + BLOCK - 1) / BLOCK;
        this.blocks = new Memory[nBlocks];
        this.blockAddress = new long[nBlocks];
        this.due = new long[capacity];
        this.length = new int[capacity];
    }

    int capacity() {
        return capacity;
    }

    int slotSize() {
        return slotSize;
    }

    /** Packets held now. */
    int size() {
        return (int) (tail.get() - head.get());
    }

    /** Producer: address of the next free slot, or 0 when the ring is full. */
    long claim() {
        long t = tail.get();
        if (t - head.get() >= capacity) {
            return 0;
        }
        int i = (int) (t % capacity);
        int b = i / BLOCK;
        if (blocks[b] == null) {
            blocks[b] = new Memory((long) BLOCK * slotSize);
            blockAddress[b] = Pointer.nativeValue(blocks[b]);
        }
        return blockAddress[b] + (long) (i % BLOCK) * slotSize;
    }

    /** Producer: publishes the claimed slot. */
    void publish(int bytes, long dueNanos) {
        long t = tail.get();
        int i = (int) (t % capacity);
        length[i] = bytes;
        due[i] = dueNanos;
        tail.lazySet(t + 1);
    }

    /** Consumer: true when nothing is held. */
    boolean isEmpty() {
        return head.get() == tail.get();
    }

    /** Consumer: due time of the oldest packet (ring not empty). */
    long headDue() {
        return due[(int) (head.get() % capacity)];
    }

    long headAddress() {
        int i = (int) (head.get() % capacity);
        return blockAddress[i / BLOCK] + (long) (i % BLOCK) * slotSize;
    }

    int headLength() {
        return length[(int) (head.get() % capacity)];
    }

    /** Consumer: frees the oldest slot. */
    void release() {
        head.lazySet(head.get() + 1);
    }
}
