package dev.probe.core.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A gate closed on the event loop while a disk thread opens it: whichever change is the last, the channel ends
 * reading exactly when no reason holds (set straight from both threads, one of 256 backup channels once stayed
 * paused with no reason until the server's 60 s idle timeout).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReadGateTest {
    private static final int ROUNDS = 3_000;

    @Test
    void aCloseOnTheLoopCrossingAnOpenOnADiskThreadLeavesAutoReadAsTheReasonsSay() throws Exception {
        NioEventLoopGroup group = new NioEventLoopGroup(1);
        try {
            Channel channel = new NioSocketChannel();
            group.register(channel).sync();
            EventLoop loop = channel.eventLoop();
            ReadGate gate = new ReadGate(channel);
            for (int i = 0; i < ROUNDS; i++) {
                AtomicBoolean go = new AtomicBoolean();
                Thread disk = SpinStart.whenSet(go, () -> gate.open(ReadGate.DISK));
                loop.submit(() -> {
                    go.set(true);
                    gate.close(ReadGate.DISK);
                }).sync();
                disk.join();
                loop.submit(() -> {}).sync(); // every change queued before this one has been applied
                assertEquals(!gate.closed(), channel.config().isAutoRead(), "round " + i);
                gate.open(ReadGate.DISK);
                loop.submit(() -> {}).sync();
            }
            loop.submit(() -> gate.close(ReadGate.OUTBOUND)).sync();
            Thread disk = new Thread(() -> gate.open(ReadGate.DISK));
            disk.start();
            disk.join();
            loop.submit(() -> {}).sync();
            assertFalse(channel.config().isAutoRead(), "another reason still holds: paused");
            channel.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
