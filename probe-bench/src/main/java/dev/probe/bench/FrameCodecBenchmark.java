package dev.probe.bench;

import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.DataChunk;
import dev.probe.core.protocol.Ending.End;
import dev.probe.core.protocol.FrameDecoder;
import dev.probe.core.protocol.FrameEncoder;
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

/** Cost of decoding a DATA frame (header check plus zero-copy payload slices) and of a control frame round trip. */
@State(Scope.Thread)
public class FrameCodecBenchmark extends AbstractBenchmark {
    @Param({"1024", "1048576"})
    public int length;

    private EmbeddedChannel channel;
    private ByteBuf dataFrame;
    private End end;

    @Setup
    public void setup() {
        channel = new EmbeddedChannel(new FrameDecoder(), FrameEncoder.INSTANCE);
        dataFrame = PooledByteBufAllocator.DEFAULT.directBuffer(Frames.HEADER_LENGTH + length);
        Frames.writeHeader(dataFrame, FrameType.DATA, length);
        dataFrame.writeZero(length);
        end = new End(123_456_789L, 4242);
    }

    @TearDown
    public void tearDown() {
        dataFrame.release();
        channel.finishAndReleaseAll();
    }

    @Benchmark
    public void decodeDataFrame(Blackhole bh) {
        channel.writeInbound(dataFrame.retainedDuplicate());
        for (Object o; (o = channel.readInbound()) != null;) {
            DataChunk c = (DataChunk) o;
            bh.consume(c.content().readableBytes());
            c.release();
        }
    }

    @Benchmark
    public ControlFrame encodeAndDecodeEnd() {
        channel.writeOutbound(end.frame());
        Object encoded = channel.readOutbound();
        channel.writeInbound(encoded);
        return channel.readInbound();
    }
}
