package dev.probe.bench;

import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The receiving side's user-space path for 4 MiB of 1 MiB DATA frames arriving in reads of {@code read} bytes (64
 * KiB: Netty's default largest read; 1 MiB: probe's, {@code Transport.receiveBuffers}): frame decoding into
 * zero-copy chunks, each counted and released, as a server's redo handler does. The kernel's copy is not in it.
 */
@State(Scope.Thread)
public class ReceivePathBenchmark extends AbstractBenchmark {
    private static final int FRAME = 1024 * 1024;
    private static final int FRAMES = 4;

    @Param({"65536", "1048576"})
    public int read;

    private EmbeddedChannel channel;
    private ByteBuf stream;

    @Setup
    public void setup() {
        channel = new EmbeddedChannel(new FrameDecoder());
        stream = PooledByteBufAllocator.DEFAULT.directBuffer(FRAMES * (Frames.HEADER_LENGTH + FRAME));
        for (int f = 0; f < FRAMES; f++) {
            Frames.writeHeader(stream, FrameType.DATA, FRAME);
            stream.writeZero(FRAME);
        }
    }

    @TearDown
    public void tearDown() {
        stream.release();
        channel.finishAndReleaseAll();
    }

    @Benchmark
    public long decodeFourMiB(Blackhole bh) {
        long bytes = 0;
        for (int at = 0; at < stream.writerIndex(); at += read) {
            channel.writeInbound(stream.retainedSlice(at, Math.min(read, stream.writerIndex() - at)));
            for (Object o; (o = channel.readInbound()) != null;) {
                DataChunk c = (DataChunk) o;
                bytes += c.content().readableBytes();
                c.release();
            }
        }
        bh.consume(bytes);
        return bytes;
    }
}
