package dev.probe.core.server;

import static dev.probe.core.testing.TestServers.helloOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Ending;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Json;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.testing.Await;
import dev.probe.core.testing.RunningServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fixed-seed fuzzing of a real server: over 10,000 malformed frames and handshakes (garbage, wrong magic,
 * version, type and flags, huge lengths, truncated frames, wrong-typed and out-of-range parameters, frames out of
 * order and interleaved), from 4 threads. A normal client must be served throughout, every connection and
 * session must be freed, and the server's heap must stay bounded.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FuzzTest {
    @RegisterExtension
    final RunningServer fixture = RunningServer.with(c -> c.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(1),
            Duration.ofMinutes(5)));

    private static final int CASES = 12_000;
    private static final long[] SEEDS = {1, 2, 3, 4};
    private final AtomicLong frames = new AtomicLong();

    private static byte[] frame(int magic, int version, int type, int flags, long length, byte[] payload) {
        return ByteBuffer.allocate(12 + payload.length).putInt(magic).put((byte) version).put((byte) type)
                .putShort((short) flags).putInt((int) length).put(payload).array();
    }

    private static byte[] json(FrameType type, ObjectNode body) {
        byte[] p = Json.bytes(body);
        return frame(Frames.MAGIC, 1, type.code(), 0, p.length, p);
    }

    private static ObjectNode validHello(SplittableRandom r) {
        TestParams p = TestParams.builder(r.nextBoolean() ? Mode.SYNC : Mode.ASYNC).length(r.nextInt(4096))
                .connections(1 + r.nextInt(3)).duration(Duration.ofMillis(200)).interval(Duration.ofMillis(100))
                .build();
        return new Hello(1, Handshake.randomId(), p.kind(), p.toJson()).frame().body();
    }

    /** A HELLO whose parameters are broken in one of many ways. */
    private static ObjectNode brokenHello(SplittableRandom r) {
        ObjectNode hello = r.nextInt(4) == 0
                ? helloOf(1, Handshake.randomId(), BulkParams.builder(Direction.BACKUP, "f").channels(2)
                        .volume(1L << 30).build()).frame().body()
                : validHello(r);
        ObjectNode params = (ObjectNode) hello.get("params");
        List<String> fields = new ArrayList<>();
        params.fieldNames().forEachRemaining(fields::add);
        fields.addAll(List.of("protocol", "client_nonce", "kind"));
        String field = fields.get(r.nextInt(fields.size()));
        ObjectNode target = field.equals("protocol") || field.equals("client_nonce") || field.equals("kind") ? hello
                : params;
        switch (r.nextInt(9)) {
            case 0:
                target.put(field, "x".repeat(r.nextInt(3000)));
                break;
            case 1:
                target.put(field, -1L - r.nextInt(1000));
                break;
            case 2:
                target.put(field, Long.MAX_VALUE);
                break;
            case 3:
                target.putNull(field);
                break;
            case 4:
                target.remove(field);
                break;
            case 5:
                target.putArray(field).add(1).add("two");
                break;
            case 6:
                target.putObject(field).put("a", 1);
                break;
            case 7:
                target.put(field, 1e308);
                break;
            default:
                target.put(field, true);
                break;
        }
        return hello;
    }

    /** One malformed case: the bytes a hostile or broken client sends on one connection. */
    private byte[] malformed(SplittableRandom r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int kind = r.nextInt(10);
        FrameType[] types = FrameType.values();
        switch (kind) {
            case 0: {
                byte[] junk = new byte[1 + r.nextInt(300)];
                r.nextBytes(junk);
                out.writeBytes(junk);
                break;
            }
            case 1:
                out.writeBytes(frame(r.nextInt(), 1, 1, 0, 10, new byte[10]));
                break;
            case 2:
                out.writeBytes(frame(Frames.MAGIC, r.nextInt(256), r.nextInt(256), r.nextInt(65536), r.nextInt(64),
                        new byte[0]));
                break;
            case 3:
                out.writeBytes(frame(Frames.MAGIC, 1, types[r.nextInt(types.length)].code(), 0,
                        0x7FFFFFFFL + r.nextInt(0x7FFFFFFF) + 1, new byte[0]));
                break;
            case 4: {
                byte[] whole = json(FrameType.HELLO, validHello(r));
                out.write(whole, 0, 1 + r.nextInt(whole.length - 1));
                break;
            }
            case 5:
                out.writeBytes(json(FrameType.HELLO, brokenHello(r)));
                break;
            case 6: {
                ObjectNode join = new Handshake.Join(Handshake.randomId(), 1 + r.nextInt(300), Handshake.randomId())
                        .frame().body();
                if (r.nextBoolean()) {
                    join.put("session_id", "../../etc/passwd");
                }
                out.writeBytes(json(FrameType.JOIN, join));
                break;
            }
            case 7: {
                byte[] p = ("{\"a\":" + "[".repeat(r.nextInt(50)) + "]").getBytes(StandardCharsets.UTF_8);
                out.writeBytes(frame(Frames.MAGIC, 1, FrameType.HELLO.code(), 0, p.length, p));
                break;
            }
            case 8: {
                out.writeBytes(json(FrameType.HELLO, validHello(r)));
                for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
                    FrameType t = types[r.nextInt(types.length)];
                    byte[] p = new byte[(int) Math.min(t.maxLength(), r.nextInt(64))];
                    r.nextBytes(p);
                    out.writeBytes(frame(Frames.MAGIC, 1, t.code(), 0, p.length, p));
                    frames.incrementAndGet();
                }
                break;
            }
            default: {
                out.writeBytes(json(FrameType.HELLO, validHello(r)));
                byte[] inner = json(FrameType.END, new Ending.End(-5, 3).frame().body());
                out.writeBytes(frame(Frames.MAGIC, 1, FrameType.DATA.code(), 0, inner.length + 40, inner));
                out.writeBytes(json(FrameType.AUTH, new Handshake.AuthAnswer("0".repeat(64)).frame().body()));
                frames.addAndGet(2);
                break;
            }
        }
        frames.incrementAndGet();
        return out.toByteArray();
    }

    private void send(byte[] bytes, boolean drain) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", fixture.get().address().getPort()), 2000);
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            out.write(bytes);
            out.flush();
            if (drain) {
                s.shutdownOutput();
                InputStream in = s.getInputStream();
                byte[] buf = new byte[4096];
                while (in.read(buf) >= 0) {
                    // until the server closes
                }
            }
        } catch (IOException e) {
            // the server may reset a connection it dropped: that is fine
        }
    }

    private void normalClientIsServed() throws Exception {
        TestParams p = TestParams.builder(Mode.SYNC).length(256).connections(2).duration(Duration.ofMillis(150))
                .interval(Duration.ofMillis(100)).build();
        long messages = new RedoClient(RedoConfig.of("127.0.0.1", fixture.get().address().getPort(), p))
                .run(new RunListener() {}).summary().messages();
        assertTrue(messages > 0, "normal client served during the fuzzing: " + messages);
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void tenThousandMalformedFramesAndHandshakesLeaveTheServerServingWithBoundedHeap() throws Exception {
        normalClientIsServed();
        long before = usedHeapAfterGc();
        ExecutorService pool = Executors.newFixedThreadPool(SEEDS.length);
        List<Future<?>> workers = new ArrayList<>();
        for (long seed : SEEDS) {
            workers.add(pool.submit(() -> {
                SplittableRandom r = new SplittableRandom(seed);
                for (int i = 0; i < CASES / SEEDS.length; i++) {
                    send(malformed(r), i % 25 == 0);
                }
                return null;
            }));
        }
        for (int round = 0; workers.stream().anyMatch(f -> !f.isDone()); round++) {
            normalClientIsServed();
            Thread.sleep(200);
        }
        for (Future<?> f : workers) {
            f.get();
        }
        pool.shutdown();
        normalClientIsServed();
        Await.until(Duration.ofSeconds(6), "every fuzz connection and session freed",
                () -> fixture.get().connectionCount() == 0 && fixture.get().sessionCount() == 0);
        long after = usedHeapAfterGc();
        System.out.printf("fuzz: %d cases, %d frames, server heap %d KiB before, %d KiB after%n", CASES, frames.get(),
                before / 1024, after / 1024);
        assertTrue(frames.get() >= 10_000, "frames sent: " + frames.get());
        assertEquals(0, fixture.get().sessionCount(), "every session freed");
        assertEquals(0, fixture.get().connectionCount(), "every connection freed");
        assertTrue(after - before < 64L << 20, "heap grew by " + (after - before) / 1024 + " KiB");
        assertTrue(fixture.log().contains("not probe's protocol") && fixture.log().contains("exceeds the maximum"),
                "logged one line per drop");
    }
}
