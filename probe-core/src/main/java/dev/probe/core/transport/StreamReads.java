package dev.probe.core.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How much one read may take from the socket: Netty's default (up to 64 KiB) until a connection is marked as a
 * redo stream ({@link #large}), then up to 1 MiB. A fast single stream otherwise cost a receive system call and an
 * event-loop turn per 64 KiB: at up to 1 MiB a receiving probe spends about a quarter less CPU per GiB (async 1 MiB
 * on loopback, JIT warm: 0.15-0.17 against 0.18-0.28 s/GiB; iperf3 0.15-0.16 in the same runs). Bulk's many
 * channels keep the default: with 1,024 backup channels storing to disk, reads of up to 1 MiB held 1.3 GB of pooled
 * direct memory at the peak, against 0.37 GB. Set on every connection before its first read (Netty keeps the
 * handle it first made); the handle takes the mark at the start of a read loop.
 */
public final class StreamReads implements RecvByteBufAllocator {
    public static final StreamReads INSTANCE = new StreamReads();
    private static final AdaptiveRecvByteBufAllocator SMALL = new AdaptiveRecvByteBufAllocator();
    private static final AdaptiveRecvByteBufAllocator LARGE = new AdaptiveRecvByteBufAllocator(512, 64 * 1024,
            1024 * 1024);

    private StreamReads() {
    }

    @Override
    public Handle newHandle() {
        return new Switch();
    }

    /**
     * Channels marked whose handle has not yet seen it, by their config (what a handle is given); weak, so the
     * config of a channel closed before its next read goes. {@link #UNSEEN} lets the read path skip the lock when
     * there is nothing to look up (a server of bulk channels only).
     */
    private static final Set<ChannelConfig> MARKED = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));
    private static final AtomicInteger UNSEEN = new AtomicInteger();

    /** Lets {@code channel}'s reads grow to 1 MiB from its next read loop on. */
    public static void large(Channel channel) {
        if (MARKED.add(channel.config())) {
            UNSEEN.incrementAndGet();
        }
    }

    /** A channel's handle: the default's or the large one's, chosen at each read loop's start. */
    static final class Switch implements ExtendedHandle {
        private final ExtendedHandle small = (ExtendedHandle) SMALL.newHandle();
        private final ExtendedHandle big = (ExtendedHandle) LARGE.newHandle();
        private ExtendedHandle current = small;

        /** A marked connection stays marked: the mark is taken once, then the large handle serves every read. */
        @Override
        public void reset(ChannelConfig config) {
            if (current == small && UNSEEN.get() > 0 && MARKED.remove(config)) {
                UNSEEN.decrementAndGet();
                current = big;
            }
            current.reset(config);
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            return current.allocate(alloc);
        }

        @Override
        public int guess() {
            return current.guess();
        }

        @Override
        public void incMessagesRead(int numMessages) {
            current.incMessagesRead(numMessages);
        }

        @Override
        public void lastBytesRead(int bytes) {
            current.lastBytesRead(bytes);
        }

        @Override
        public int lastBytesRead() {
            return current.lastBytesRead();
        }

        @Override
        public void attemptedBytesRead(int bytes) {
            current.attemptedBytesRead(bytes);
        }

        @Override
        public int attemptedBytesRead() {
            return current.attemptedBytesRead();
        }

        @Override
        public boolean continueReading() {
            return current.continueReading();
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return current.continueReading(maybeMoreDataSupplier);
        }

        @Override
        public void readComplete() {
            current.readComplete();
        }
    }
}
