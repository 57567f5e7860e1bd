package dev.probe.core.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A region written to a socket that takes a little at a time: the right bytes, each made once. */
class ContentRegionTest {
    /** A socket whose buffer takes up to {@code most} bytes a call, a random share of it. */
    private static final class Partial implements WritableByteChannel {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final SplittableRandom random = new SplittableRandom(7);
        final int most;

        Partial(int most) {
            this.most = most;
        }

        @Override
        public int write(ByteBuffer src) {
            int n = Math.min(src.remaining(), random.nextInt(most + 1));
            for (int i = 0; i < n; i++) {
                out.write(src.get());
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    /** Counts the bytes a content makes. */
    private static final class Counting implements Content {
        final Content inner = Content.of(Payload.RANDOM, 42, 0);
        long made;

        @Override
        public void fill(ByteBuffer out, long stream, long offset) {
            made += out.remaining();
            inner.fill(out, stream, offset);
        }

        @Override
        public boolean derivable() {
            return true;
        }
    }

    @Test
    void aSocketThatTakesALittleAtATimeGetsEveryByteMadeOnce() throws Exception {
        Counting content = new Counting();
        byte[] header = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        long length = 3L * Content.BLOCK + 12345;
        ContentRegion region = new ContentRegion(header, content, 3, 5L * Content.BLOCK, length);
        Partial socket = new Partial(300_000);
        int calls = 0;
        while (region.transferred() < region.count()) {
            region.transferTo(socket, region.transferred());
            calls++;
        }
        assertTrue(calls > 10, "the socket took it in many calls: " + calls);
        ByteBuffer expected = ByteBuffer.allocate((int) length);
        content.inner.fill(expected, 3, 5L * Content.BLOCK);
        byte[] sent = socket.out.toByteArray();
        assertEquals(header.length + length, sent.length);
        byte[] body = new byte[(int) length];
        System.arraycopy(sent, header.length, body, 0, body.length);
        assertArrayEquals(expected.array(), body);
        assertEquals(length, content.made, "each byte made once, however little each call took");
    }

    /** Two regions on one thread take turns, as two channels on one event loop do: each still gets its own bytes. */
    @Test
    void twoRegionsTakingTurnsOnOneThreadEachGetTheirOwnBytes() throws Exception {
        Content content = Content.of(Payload.RANDOM, 9, 0);
        byte[] h = {0};
        ContentRegion a = new ContentRegion(h, content, 1, 0, 2L * Content.BLOCK);
        ContentRegion b = new ContentRegion(h, content, 2, 0, 2L * Content.BLOCK);
        Partial sa = new Partial(200_000);
        Partial sb = new Partial(200_000);
        while (a.transferred() < a.count() || b.transferred() < b.count()) {
            if (a.transferred() < a.count()) {
                a.transferTo(sa, a.transferred());
            }
            if (b.transferred() < b.count()) {
                b.transferTo(sb, b.transferred());
            }
        }
        for (int stream = 1; stream <= 2; stream++) {
            ByteBuffer expected = ByteBuffer.allocate(2 * Content.BLOCK);
            content.fill(expected, stream, 0);
            byte[] sent = (stream == 1 ? sa : sb).out.toByteArray();
            byte[] body = new byte[2 * Content.BLOCK];
            System.arraycopy(sent, 1, body, 0, body.length);
            assertArrayEquals(expected.array(), body, "stream " + stream);
        }
    }
}
