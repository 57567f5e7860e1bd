package dev.probe.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** A connection reads Netty's default sizes until it is marked as a redo stream, then grows toward 1 MiB reads. */
class StreamReadsTest {
    @Test
    void aMarkedConnectionsNextReadLoopStartsLargeAndGrowsToOneMiB() {
        EmbeddedChannel ch = new EmbeddedChannel();
        try {
            RecvByteBufAllocator.Handle h = StreamReads.INSTANCE.newHandle();
            h.reset(ch.config());
            assertEquals(2048, h.guess(), "Netty's default first guess");
            StreamReads.large(ch);
            h.reset(ch.config());
            assertEquals(64 * 1024, h.guess(), "a redo stream's first guess");
            for (int i = 0; i < 20; i++) { // full reads: the guess grows, up to its 1 MiB cap
                h.reset(ch.config());
                h.lastBytesRead(h.guess());
                h.attemptedBytesRead(h.guess());
                h.incMessagesRead(1);
                h.readComplete();
            }
            h.reset(ch.config());
            assertEquals(1024 * 1024, h.guess());
            EmbeddedChannel other = new EmbeddedChannel();
            RecvByteBufAllocator.Handle o = StreamReads.INSTANCE.newHandle();
            o.reset(other.config());
            assertEquals(2048, o.guess(), "another connection is not marked");
            other.finishAndReleaseAll();
        } finally {
            ch.finishAndReleaseAll();
        }
    }
}
