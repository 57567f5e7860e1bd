package dev.probe.core.nfs;

import dev.probe.core.transport.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One TCP connection to an ONC RPC server (an NFS server's nfsd, its mountd, its portmapper), as dNFS opens one per
 * database process: calls go out with fresh transaction ids and any number outstanding, each reply completes its
 * call's future positioned at the results (the caller releases it), a refusal or a malformed reply fails it, and a
 * closed connection fails every call still outstanding. Replies are records of at most {@code maxRecord} bytes.
 */
public final class RpcConnection implements AutoCloseable {
    private final Channel channel;
    private final Replies replies;
    private final Rpc.Credential credential;
    private final Map<Integer, CompletableFuture<ByteBuf>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger xids = new AtomicInteger(ThreadLocalRandom.current().nextInt());

    private RpcConnection(Channel channel, Replies replies, Rpc.Credential credential) {
        this.channel = channel;
        this.replies = replies;
        this.credential = credential;
    }

    /** The connection's channel (to read its TCP_INFO). */
    Channel channel() {
        return channel;
    }

    /** Connects to {@code to} within {@code connectTimeout}; throws an {@link RpcException} saying why it could not. */
    public static RpcConnection open(Transport transport, EventLoopGroup group, InetSocketAddress to,
                                     Duration connectTimeout, int maxRecord, Rpc.Credential credential)
            throws InterruptedException {
        return open(transport, group, null, to, connectTimeout, maxRecord, credential);
    }

    /** As {@link #open}, from the local address {@code from} (a dNFS path's {@code local}), or any when null. */
    public static RpcConnection open(Transport transport, EventLoopGroup group, InetSocketAddress from,
                                     InetSocketAddress to, Duration connectTimeout, int maxRecord,
                                     Rpc.Credential credential) throws InterruptedException {
        RpcConnection[] made = {null};
        Replies replies = new Replies(() -> made[0]);
        Bootstrap b = new Bootstrap().group(group).channel(transport.channel())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new RecordDecoder(maxRecord), replies);
                    }
                });
        ChannelFuture f = from == null ? b.connect(to) : b.connect(to, from);
        if (!f.await(connectTimeout.toMillis() + 1000, TimeUnit.MILLISECONDS) || !f.isSuccess()) {
            f.channel().close();
            throw new ConnectionLostException("cannot connect to " + to.getHostString() + ":" + to.getPort()
                    + (from == null ? "" : " from " + from.getHostString()) + ": "
                    + (f.cause() == null ? "no answer within " + connectTimeout.toMillis() + " ms"
                            : reason(f.cause())));
        }
        made[0] = new RpcConnection(f.channel(), replies, credential);
        String lost = replies.lost;
        if (lost != null) { // the server answered before the connection was handed over (a garbage greeting)
            f.channel().close();
            throw new ConnectionLostException(lost);
        }
        return made[0];
    }

    /** Netty's connect failure in words: without its "connect(..) failed: " and the address it repeats. */
    static String reason(Throwable cause) {
        String m = String.valueOf(cause.getMessage())
                .replaceAll("\\w+\\(\\.\\.\\) failed( with error\\(-?\\d+\\))?: ", "");
        int tail = m.lastIndexOf(": /");
        m = tail >= 0 ? m.substring(0, tail) : m;
        if (!m.equals("null") && !m.isEmpty()) {
            return m;
        }
        return cause instanceof NoRouteToHostException ? "no route to the host"
                : cause.getClass().getSimpleName();
    }

    /**
     * Calls {@code procedure} of {@code program} {@code version} with {@code args}; the future completes with the
     * reply at its results, or fails with an {@link RpcException}.
     */
    public CompletableFuture<ByteBuf> call(int program, int version, int procedure, Consumer<ByteBuf> args) {
        int xid = xids.incrementAndGet();
        CompletableFuture<ByteBuf> reply = new CompletableFuture<>();
        pending.put(xid, reply);
        ByteBuf call = Rpc.call(channel.alloc(), xid, program, version, procedure, credential, args);
        channel.writeAndFlush(call).addListener(w -> {
            if (!w.isSuccess()) {
                String lost = replies.lost;
                fail(xid, new ConnectionLostException(lost != null ? lost
                        : "the call could not be sent: " + reason(w.cause())));
            }
        });
        return reply.thenApply(record -> {
            try {
                Rpc.accepted(record, xid);
                return record;
            } catch (RuntimeException e) {
                record.release();
                throw e;
            }
        });
    }

    /** Calls still awaiting their replies. */
    public int outstanding() {
        return pending.size();
    }

    private void fail(int xid, RuntimeException e) {
        CompletableFuture<ByteBuf> f = pending.remove(xid);
        if (f != null) {
            f.completeExceptionally(e);
        }
    }

    private void failAll(String why) {
        pending.keySet().forEach(xid -> fail(xid, new ConnectionLostException(why)));
    }

    /** The RPC NULL procedure of {@code program} {@code version}: one round trip that does no work. */
    public CompletableFuture<Void> ping(int program, int version) {
        return call(program, version, 0, b -> {}).thenAccept(ByteBuf::release);
    }

    /** Gives the connection up without waiting (callable from its own event loop): every call outstanding fails. */
    public void abandon(String why) {
        if (replies.lost == null) {
            replies.lost = why;
        }
        channel.close();
        failAll(why);
    }

    /** True until the connection closes or is abandoned. */
    public boolean isOpen() {
        return channel.isActive();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        failAll("the connection was closed");
    }

    /** Hands each reply to its call, and fails every outstanding call when the connection fails or closes. */
    private static final class Replies extends SimpleChannelInboundHandler<ByteBuf> {
        private final Supplier<RpcConnection> owner;
        /** Why the connection was lost, kept for calls made after (the first reason: a decoder's, a close). */
        volatile String lost;

        Replies(Supplier<RpcConnection> owner) {
            super(false);
            this.owner = owner;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf record) {
            RpcConnection c = owner.get();
            CompletableFuture<ByteBuf> f = c == null || record.readableBytes() < 4 ? null
                    : c.pending.remove(Rpc.xid(record));
            if (f == null || !f.complete(record)) {
                record.release(); // a reply to no call of ours
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (lost == null) {
                lost = "the server closed the connection";
            }
            RpcConnection c = owner.get();
            if (c != null) {
                c.failAll(lost);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            Throwable root = cause instanceof DecoderException && cause.getCause() != null
                    ? cause.getCause() : cause;
            if (lost == null) {
                lost = root instanceof RpcException ? root.getMessage() : "the connection failed: " + reason(root);
            }
            RpcConnection c = owner.get();
            if (c != null) {
                c.failAll(lost);
            }
            ctx.close();
        }
    }
}
