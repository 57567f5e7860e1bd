package dev.probe.core.redo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Json;
import dev.probe.core.server.DiskQueue;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import dev.probe.core.transport.StreamReads;
import io.netty.channel.ChannelHandler;
import io.netty.util.AttributeKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The server's side of redo-style tests (HELLO kind "test", sync or async): each connection gets a
 * {@link RedoServerHandler}, with a {@link DiskWriter} to its own ring of {@link RedoLogs} beside {@code --file}
 * when the test asks for forced writes.
 */
public final class RedoKind implements SessionKind<TestParams>, AutoCloseable {
    private static final AttributeKey<Path> RING = AttributeKey.valueOf("probe.redo.ring");
    private final RedoLogs logs;

    public RedoKind(ServerConfig config) {
        this.logs = new RedoLogs(config.file(), config.fileSize());
    }

    @Override
    public String name() {
        return "test";
    }

    @Override
    public TestParams parse(ObjectNode params) {
        return TestParams.fromJson(params);
    }

    @Override
    public String refusal(TestParams p, int open) {
        return p.write() && p.numConn() > RedoLogs.MAX_RINGS ? "a --write test may use at most " + RedoLogs.MAX_RINGS
                + " connections (--num-conn " + p.numConn() + "): the server keeps that many redo log rings" : null;
    }

    /**
     * A reverse test's READY says the server sends, and what ({@code {"sender": "server", "payload": ...}}): a server
     * from before reverse tests would ignore the flag and wait for data, so the client checks for it.
     */
    @Override
    public ObjectNode content(TestParams p) {
        if (!p.reverse()) {
            return null;
        }
        ObjectNode n = Json.object();
        n.put("sender", "server");
        n.put("payload", p.payload().toString());
        return n;
    }

    /** A {@code --write} connection gets a ring, written through before READY the first time it is used. */
    @Override
    public CompletionStage<Void> prepare(SessionConnection c, TestParams params) {
        if (!params.write()) {
            return CompletableFuture.completedFuture(null);
        }
        Path ring = logs.take();
        if (ring == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("all " + RedoLogs.MAX_RINGS + " redo log "
                    + "rings are in use by other --write connections; try again when they end"));
        }
        c.channel().attr(RING).set(ring);
        DiskQueue queue = c.diskQueue();
        c.channel().closeFuture().addListener(f -> queue.after(() -> logs.give(ring)));
        CompletableFuture<Void> done = new CompletableFuture<>();
        queue.after(() -> {
            try {
                logs.prepare(ring, c.log());
                done.complete(null);
            } catch (IOException | RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    @Override
    public ChannelHandler handler(SessionConnection c, TestParams params) {
        if (params.reverse()) {
            return new ReverseHandler(c);
        }
        StreamReads.large(c.channel()); // a redo stream: few connections, fast
        DiskWriter disk = null;
        if (params.write()) {
            disk = new DiskWriter(c.diskQueue(), c.channel(), c.gate(), c.channel().attr(RING).get(), logs.size(),
                    params.mode() == Mode.SYNC);
        }
        return new RedoServerHandler(c, disk, params.mode() == Mode.SYNC);
    }

    /** Removes the rings (after the disk threads have stopped). */
    @Override
    public void close() {
        logs.close();
    }
}
