package dev.probe.core.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.SessionSpec;
import io.netty.channel.ChannelHandler;
import java.util.concurrent.CompletionStage;

/**
 * A session's kind with the parameters it parsed from HELLO, typed together, so the server hands each kind its own
 * spec without a cast; what {@link ServerSession} holds.
 */
record Admitted<S extends SessionSpec>(SessionKind<S> kind, S spec) {
    /** {@code kind}'s parse of HELLO's {@code params}; a bad one is a {@code BadParameterException} naming it. */
    static <S extends SessionSpec> Admitted<S> parse(SessionKind<S> kind, ObjectNode params) {
        return new Admitted<>(kind, kind.parse(params));
    }

    String refusal(int open) {
        return kind.refusal(spec, open);
    }

    String storage() {
        return kind.storage(spec);
    }

    ObjectNode content() {
        return kind.content(spec);
    }

    CompletionStage<Void> prepare(SessionConnection c) {
        return kind.prepare(c, spec);
    }

    ChannelHandler handler(SessionConnection c) {
        return kind.handler(c, spec);
    }
}
