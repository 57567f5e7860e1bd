package dev.probe.core.relay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.agent.AgentConfig;
import dev.probe.core.client.Egress;
import dev.probe.core.client.Target;
import dev.probe.core.params.RelayParams;
import dev.probe.core.redo.RedoKind;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import io.netty.channel.ChannelHandler;
import io.netty.util.AttributeKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The agent's session kind "relay": a client's test received as the probe server receives it ({@code redo}'s
 * handler and redo log rings, so SYNC is ACKed after AFFIRM's forced write) and forwarded to each next hop, which must
 * be among the agent's {@code --allow-targets}. The next hops' sessions open before READY: a hop that cannot be
 * reached refuses the client's session with its reason.
 */
public final class RelayKind implements SessionKind<RelayParams>, AutoCloseable {
    private static final AttributeKey<List<Downstream>> NEXT = AttributeKey.valueOf("probe.relay.next");
    private final AgentConfig config;
    private final RedoKind redo;

    /** {@code redo}: the receiving side, with the rings AFFIRM writes to. */
    public RelayKind(AgentConfig config, RedoKind redo) {
        this.config = config;
        this.redo = redo;
    }

    @Override
    public String name() {
        return RelayParams.KIND;
    }

    @Override
    public String owner() {
        return "agent";
    }

    @Override
    public RelayParams parse(ObjectNode params) {
        return RelayParams.fromJson(params);
    }

    @Override
    public String refusal(RelayParams spec, int open) {
        int legs = config.limits().maxLegs();
        if (spec.next().size() > legs) {
            return spec.next().size() + " next hops exceed this agent's --max-legs of " + legs
                    + " (each next hop of a relay is a leg)";
        }
        for (RelayParams.Next n : spec.next()) {
            String why = config.limits().targets().refusal(n.host());
            if (why != null) {
                return why;
            }
        }
        return redo.refusal(spec.test(), open);
    }

    /** Opens every next hop's session, then readies the receiving side (AFFIRM's ring). */
    @Override
    public CompletionStage<Void> prepare(SessionConnection c, RelayParams spec) {
        List<Downstream> next = new ArrayList<>();
        List<CompletableFuture<?>> opened = new ArrayList<>();
        for (RelayParams.Next n : spec.next()) {
            Downstream d = new Downstream(n, spec.downstream(n), spec.test().openLoop());
            next.add(d);
            opened.add(d.open(new Target(n.host(), n.port(), config.connectTimeout(), config.timeout(),
                    config.targets(), config.transport(), new Egress(config.legsFrom(), -1))));
        }
        c.channel().attr(NEXT).set(next);
        c.channel().closeFuture().addListener(f -> next.forEach(Downstream::close));
        return CompletableFuture.allOf(opened.toArray(CompletableFuture[]::new))
                .thenCompose(v -> redo.prepare(c, spec.test()));
    }

    @Override
    public ChannelHandler handler(SessionConnection c, RelayParams spec) {
        return new RelayHandler(c, spec, c.channel().attr(NEXT).get(), redo.handler(c, spec.test()),
                config.limits().maxBytes());
    }

    /** Removes the redo log rings. */
    @Override
    public void close() {
        redo.close();
    }
}
