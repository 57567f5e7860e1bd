package dev.probe.core.objstore.endpoint;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.probe.core.server.HttpGuard;
import dev.probe.core.server.ServerLog;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzes the Object Storage endpoint as its pipeline has it (HTTP codec, router with the request path and the
 * signature check, bounded JSON bodies, the dispatch to the bucket, object and multipart operations) with arbitrary bytes, half the time
 * with signatures required (the Authorization header's parser), half without (every route and JSON body reached).
 * A finding is an exception that reaches the end of the pipeline, any 5xx answer or a connection dropped with no
 * answer (the log line each writes): bad requests must get a 4xx naming what is wrong.
 */
class EndpointFuzzTest {
    private static SignatureVerifier verifier;
    private static final EndpointNames NAMES = new EndpointNames(List.of());

    @BeforeAll
    static void keys() throws Exception {
        Path keys = Files.createTempDirectory("probe-fuzz-keys");
        KeyPair key = OciSdkEndpointTest.rsa();
        Files.writeString(keys.resolve("k.pem"), OciSdkEndpointTest.pem("PUBLIC KEY", key.getPublic().getEncoded()));
        verifier = new SignatureVerifier(keys);
    }

    @FuzzTest(maxDuration = "5m")
    void httpRequests(byte[] input) {
        if (input.length == 0) {
            return;
        }
        List<String> log = new ArrayList<>();
        ServerLog serverLog = log::add;
        ObjectStore store = new ObjectStore("probe", new MemoryBlobs(64L << 20));
        store.createBucket("probe", "b", "ocid1.compartment.probe");
        BlobUpload upload = new BlobUpload(store, ImmediateEventExecutor.INSTANCE);
        EmbeddedChannel ch = new EmbeddedChannel(new HttpServerCodec(4096, 16 * 1024, 1024 * 1024),
                new HttpServerKeepAliveHandler(), new ChunkedWriteHandler(),
                new EndpointRouter((input[0] & 1) == 0 ? verifier : null, NAMES,
                        new HttpGuard(1, 1, 1, Duration.ofSeconds(1), "endpoint", serverLog), serverLog),
                new JsonBodies(serverLog),
                EndpointInitializer.dispatch(store, upload, serverLog), new EndpointErrors(serverLog));
        try {
            ch.writeInbound(Unpooled.wrappedBuffer(input, 1, input.length - 1));
            ch.runPendingTasks();
            ch.checkException();
        } finally {
            ch.finishAndReleaseAll();
        }
        for (String line : log) {
            if (line.startsWith("objectstore: ")) {
                throw new IllegalStateException("a 5xx answer: " + line);
            }
        }
    }
}
