package dev.probe.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import io.netty.util.ReferenceCountUtil;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The TLS write path as a probe sender has it: 1 MiB of a message written through Netty's SslHandler (the engine
 * probe gets: netty-tcnative's BoringSSL here), as one buffer or in 64 KiB slices each flushed (what DataWriter
 * does under TLS), the records read off and dropped. Time per MiB encrypted; the socket is not in it.
 */
@State(Scope.Thread)
public class TlsWriteBenchmark extends AbstractBenchmark {
    private static final int MESSAGE = 1024 * 1024;

    @Param({"65536", "1048576"})
    public int slice;

    private EmbeddedChannel client;
    private EmbeddedChannel server;
    private ByteBuf message;

    @Setup
    public void setup() throws Exception {
        SelfSignedCertificate cert = new SelfSignedCertificate("probe");
        SslContext serverCtx = SslContextBuilder.forServer(cert.certificate(), cert.privateKey()).build();
        SslContext clientCtx = SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE)
                .build();
        client = new EmbeddedChannel(clientCtx.newHandler(PooledByteBufAllocator.DEFAULT));
        server = new EmbeddedChannel(serverCtx.newHandler(PooledByteBufAllocator.DEFAULT));
        for (int i = 0; i < 20 && !client.pipeline().get(SslHandler.class).handshakeFuture().isDone(); i++) {
            pass(client, server);
            pass(server, client);
        }
        if (!client.pipeline().get(SslHandler.class).handshakeFuture().isSuccess()) {
            throw new IllegalStateException("no TLS handshake in memory");
        }
        message = PooledByteBufAllocator.DEFAULT.directBuffer(MESSAGE);
        message.writerIndex(MESSAGE);
        for (int i = 0; i < MESSAGE; i += 8) {
            message.setLong(i, 0x9E3779B97F4A7C15L * (i + 1));
        }
    }

    private static void pass(EmbeddedChannel from, EmbeddedChannel to) {
        for (Object o; (o = from.readOutbound()) != null;) {
            to.writeInbound(o);
        }
    }

    @TearDown
    public void tearDown() {
        message.release();
        client.finishAndReleaseAll();
        server.finishAndReleaseAll();
    }

    @Benchmark
    public void encryptOneMiB(Blackhole bh) {
        for (int done = 0; done < MESSAGE; done += slice) {
            client.writeAndFlush(message.retainedSlice(done, Math.min(slice, MESSAGE - done)));
        }
        for (Object o; (o = client.readOutbound()) != null;) {
            bh.consume(((ByteBuf) o).readableBytes());
            ReferenceCountUtil.release(o);
        }
    }
}
