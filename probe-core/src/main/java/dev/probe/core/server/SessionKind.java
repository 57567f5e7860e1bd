package dev.probe.core.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.SessionSpec;
import io.netty.channel.ChannelHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A kind of session the server runs, named by HELLO's {@code kind}: it parses the HELLO parameters and builds
 * each connection's data handler. Features implement it (redo's "test", bulk's "bulk"); the server knows only
 * this interface, and the application wires the kinds in.
 *
 * <pre>{@code
 * ProbeListener.bind(config, log, threads, List.of(new RedoKind(config), new BulkKind(config)));
 * }</pre>
 *
 * @param <S> the parameters its HELLO carries, as {@link #parse} makes them: every other call gets them typed
 */
public interface SessionKind<S extends SessionSpec> {
    /** HELLO's {@code kind} for this session kind. */
    String name();

    /** Parses and validates HELLO's parameters; a bad one is a {@code BadParameterException} naming it. */
    S parse(ObjectNode params);

    /** What a process serving only kinds of this owner calls itself in refusals ("this agent's max-duration"). */
    default String owner() {
        return "server";
    }

    /**
     * Why this kind refuses {@code spec} with {@code open} sessions of the server under way (its own limits, beyond
     * the server's), or null; the refusal is sent with code LIMIT and should name the limit's flag.
     */
    default String refusal(S spec, int open) {
        return null;
    }

    /** READY's {@code storage} field for a session of {@code spec} (how its data is kept), or null. */
    default String storage(S spec) {
        return null;
    }

    /**
     * READY's {@code content} for a session of {@code spec}, when the server decides what its data is (a restore
     * of a stored run), or null.
     */
    default ObjectNode content(S spec) {
        return null;
    }

    /**
     * Work to finish before READY goes out on connection {@code c} of a session of {@code spec} (a file written
     * through first, say), off the event loop: READY waits for it, and a failure refuses the connection with its
     * message. None by default.
     */
    default CompletionStage<Void> prepare(SessionConnection c, S spec) {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The handler that takes over connection {@code c} of a session of {@code spec} after the handshake (one per
     * connection, stateful).
     */
    ChannelHandler handler(SessionConnection c, S spec);
}
