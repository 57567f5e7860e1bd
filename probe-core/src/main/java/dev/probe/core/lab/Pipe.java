package dev.probe.core.lab;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One direction of the userspace link: a reader thread takes packets from the source TUN device, applies the
 * loss draw and the queue limit, stamps each with its due time (token bucket, then the one-way delay) and puts
 * it in a {@link PacketRing}; a writer thread hands each packet to the destination device when it is due. With a
 * reordering probability a packet is held back and queued right after the next one, which overtakes it (as a path
 * whose parallel links differ by a packet's time does), or when the device falls idle. A path MTU below the ends'
 * drops what is larger ({@link MtuGate}), answering with ICMP unless the impairment blocks it.
 * The impairment may be changed while running (it applies to packets arriving afterwards).
 */
final class Pipe {
    private static final int POLL_MS = 100;
    /** Bytes a direction may hold: 128 MiB is 100 ms at 10 Gbit/s. */
    static final long MAX_RING_BYTES = 128L << 20;
    private final String name;
    private final TunDevice from;
    private final TunDevice to;
    private final PacketRing[] rings;
    private final EcmpPaths ecmp;
    private final byte[] carried;
    private int heldPath;
    private final long scratch;
    private final Memory scratchMemory;
    private final SplittableRandom random;
    private volatile Impairment impairment;
    private volatile boolean running = true;
    private volatile boolean writerIdle;
    private Thread reader;
    private Thread writer;
    private long bucketTime;
    private final byte[] held;
    private int heldLength;
    private final PipeCounters count = new PipeCounters();
    private FlowPolicer policer;
    private MtuGate gate;
    private volatile Throwable failure;

    Pipe(String name, TunDevice from, TunDevice to, Impairment impairment, int mtu, long seed) {
        this.name = name;
        this.from = from;
        this.to = to;
        this.impairment = impairment;
        int maxPacket = from.maxPacket(mtu);
        int paths = impairment.ecmpPaths();
        long byteCapacity = Math.min((long) impairment.limit() * mtu, MAX_RING_BYTES) / paths;
        this.rings = new PacketRing[paths];
        for (int i = 0; i < paths; i++) { // equal-cost paths share the queue limit, each with its own queue
            rings[i] = new PacketRing(paths == 1 ? impairment.limit() : Math.max(64, impairment.limit() / paths),
                    maxPacket, byteCapacity);
        }
        this.ecmp = paths > 1 ? new EcmpPaths(paths) : null;
        this.carried = paths > 1 ? new byte[maxPacket] : null;
        this.scratchMemory = new Memory(maxPacket);
        this.scratch = Pointer.nativeValue(scratchMemory);
        this.random = new SplittableRandom(seed);
        this.held = new byte[maxPacket];
    }

    void start() {
        reader = new Thread(LibC.atForwarderNice(this::readLoop), "lab-" + name + "-in");
        writer = new Thread(LibC.atForwarderNice(this::writeLoop), "lab-" + name + "-out");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    /** Packets arriving from now on get {@code next}; the queue keeps the limit it was built with. */
    void reconfigure(Impairment next) {
        impairment = next;
    }

    void stop() throws InterruptedException {
        running = false;
        if (writer != null) {
            LockSupport.unpark(writer);
            reader.join(2_000);
            writer.join(2_000);
        }
    }

    /** Stops every one of {@code pipes} (a link's two directions, or a lab's); an interrupt is kept for the caller. */
    static void stopAll(Pipe... pipes) {
        try {
            for (Pipe p : pipes) {
                p.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The error that stopped a thread, if one did. */
    Throwable failure() {
        return failure;
    }

    LinkCounters counters() {
        return count.snapshot();
    }

    private void readLoop() {
        count.readerStarted();
        try {
            while (running) {
                long slot = ecmp == null ? rings[0].claim() : 0; // one path: read straight into its queue
                long into = slot == 0 ? scratch : slot;
                int n = from.read(into, rings[0].maxPacket());
                if (n <= 0) {
                    releaseHeld(impairment);
                    from.awaitReadable(POLL_MS);
                    continue;
                }
                Impairment imp = impairment;
                int path = ecmp == null ? 0 : ecmp.path(scratch + from.headerBytes(), n - from.headerBytes());
                PacketRing ring = rings[path];
                if (ecmp != null) {
                    slot = copyInto(ring, n);
                }
                count.units.record(into, n, from.headerBytes());
                if (imp.pathMtu() > 0 && overPathMtu(imp, into, n)) {
                    PipeCounters.add(count.mtuDrops, 1);
                } else if (imp.loss() > 0 && random.nextDouble() < imp.loss()) {
                    PipeCounters.add(count.lossDrops, 1);
                } else if (imp.policeBps() > 0 && !policer(imp).admits(into + from.headerBytes(),
                        n - from.headerBytes(), System.nanoTime())) {
                    PipeCounters.add(count.policeDrops, 1);
                } else if (slot == 0) {
                    PipeCounters.add(count.queueDrops, 1);
                } else {
                    queue(imp, ring, path, slot, n);
                }
            }
        } catch (Throwable t) {
            failure = t;
            running = false;
        }
    }

    /** Several paths: the packet read into scratch goes to {@code ring}'s next slot; 0 when that queue is full. */
    private long copyInto(PacketRing ring, int n) {
        long slot = ring.claim();
        if (slot != 0) {
            scratchMemory.read(0, carried, 0, n);
            new Pointer(slot).write(0, carried, 0, n);
        }
        return slot;
    }

    /** Queues the packet in {@code slot} of {@code ring} (path {@code path}): re-marked, held back, or due. */
    private void queue(Impairment imp, PacketRing ring, int path, long slot, int n) {
        if (imp.remarkDscp() >= 0) {
            Remark.apply(slot + from.headerBytes(), n - from.headerBytes(), imp.remarkDscp());
        }
        if (heldLength == 0 && imp.reorder() > 0 && random.nextDouble() < imp.reorder()) {
            new Pointer(slot).read(0, held, 0, n);
            heldLength = n; // not published: the next packet overtakes it
            heldPath = path;
            return;
        }
        ring.publish(n, dueTime(imp, n - from.headerBytes(), System.nanoTime()) + imp.pathDelayNanos(path));
        releaseHeld(imp);
        int queued = queued();
        if (queued > count.peakQueue.get()) {
            count.peakQueue.lazySet(queued);
        }
        if (writerIdle || ecmp != null) { // several paths: the writer may wait on a later head
            LockSupport.unpark(writer);
        }
    }

    /** The per-flow policer at {@code imp}'s rate (a new one, every flow's bucket full, when the rate changed). */
    private FlowPolicer policer(Impairment imp) {
        if (policer == null || policer.rateBps() != imp.policeBps()) {
            policer = FlowPolicer.at(imp.policeBps());
        }
        return policer;
    }

    /** True when the packet must not pass the path MTU (DF set); answered with ICMP when the impairment lets it. */
    private boolean overPathMtu(Impairment imp, long address, int n) {
        if (gate == null || gate.pathMtu() != imp.pathMtu()) {
            gate = new MtuGate(imp.pathMtu(), from.headerBytes());
        }
        Pointer p = new Pointer(address);
        if (!gate.tooBig(p, n) || !gate.dontFragment(p)) {
            return false;
        }
        if (imp.icmpPassed() && !gate.answer(p, n, from)) {
            PipeCounters.add(count.writeErrors, 1);
        }
        return true;
    }

    /** Queues the packet held back for reordering, if any, behind what overtook it. */
    private void releaseHeld(Impairment imp) {
        if (heldLength == 0) {
            return;
        }
        PacketRing ring = rings[heldPath];
        long slot = ring.claim();
        if (slot == 0) {
            PipeCounters.add(count.queueDrops, 1);
        } else {
            new Pointer(slot).write(0, held, 0, heldLength);
            ring.publish(heldLength, dueTime(imp, heldLength - from.headerBytes(), System.nanoTime())
                    + imp.pathDelayNanos(heldPath));
        }
        heldLength = 0;
        if (writerIdle) {
            LockSupport.unpark(writer);
        }
    }

    /** Token bucket as a virtual clock (GCRA): leave no earlier than the bucket allows, then the delay. */
    private long dueTime(Impairment imp, int n, long now) {
        if (imp.rateBps() == 0) {
            return now + imp.delayNanos();
        }
        long start = Math.max(now - imp.burstNanos(), bucketTime);
        bucketTime = start + imp.serializationNanos(n);
        return Math.max(now, bucketTime) + imp.delayNanos();
    }

    /** The queue whose head is due first, null when all are empty (one path: its queue). */
    private PacketRing earliest() {
        PacketRing first = null;
        for (PacketRing r : rings) {
            if (!r.isEmpty() && (first == null || r.headDue() < first.headDue())) {
                first = r;
            }
        }
        return first;
    }

    /** Packets held in every path's queue. */
    private int queued() {
        int n = 0;
        for (PacketRing r : rings) {
            n += r.size();
        }
        return n;
    }

    private void writeLoop() {
        count.writerStarted();
        try {
            while (running) {
                PacketRing ring = earliest();
                if (ring == null) {
                    writerIdle = true;
                    if (earliest() == null && running) {
                        LockSupport.parkNanos(POLL_MS * 1_000_000L);
                    }
                    writerIdle = false;
                    continue;
                }
                long wait = ring.headDue() - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                    continue;
                }
                int len = ring.headLength();
                if (to.write(ring.headAddress(), len)) {
                    PipeCounters.add(count.forwarded, 1);
                    PipeCounters.add(count.bytes, len - from.headerBytes());
                    PipeCounters.add(count.lateNanos, -wait);
                } else {
                    PipeCounters.add(count.writeErrors, 1);
                }
                ring.release();
            }
        } catch (Throwable t) {
            failure = t;
            running = false;
        }
    }
}
