package dev.probe.core.qualify;

import dev.probe.core.agent.FanoutConfig;
import dev.probe.core.client.Egress;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.BadParameterException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The background load the redo steps run under ({@code --under-load backup:16}): N bulk channels backing up or
 * restoring, or N streaming connections, from this host or from agents ({@code --load-from}), all to the standby.
 *
 * @param kind     what the load does
 * @param channels how many channels or connections
 * @param agents   where it runs from: null for this host
 * @param dscp     the class its packets carry ({@code --load-dscp}), -1 for the OS default (unmarked, as a backup
 *                 usually is): never the redo's {@code --dscp}, so a class given to redo can be tested against it
 */
public record UnderLoad(Kind kind, int channels, Agents agents, int dscp) {
    /** RMAN backup (towards the standby), restore (from it), or streaming like other redo. */
    public enum Kind {
        BACKUP, RESTORE, ASYNC
    }

    /** Pieces of a bulk load: large, as RMAN's, so the channels stay busy between pieces. */
    static final long PIECE = 16L << 20;
    /** Streaming messages of an async load. */
    static final long MESSAGE = 1L << 20;
    static final Duration INTERVAL = Duration.ofMillis(250);

    public UnderLoad {
        if (kind == null) {
            throw new BadParameterException("--under-load", "is missing its kind (backup:N, restore:N or async:N)");
        }
        int max = kind == Kind.ASYNC ? TestParams.MAX_CONNECTIONS : BulkParams.MAX_CHANNELS;
        if (channels < 1 || channels > max) {
            throw new BadParameterException("--under-load", channels + " channels is out of range [1, " + max + "]");
        }
        if (dscp < -1 || dscp > 63) {
            throw new BadParameterException("--load-dscp", dscp + " is out of range [0, 63]");
        }
        if (agents != null && channels < agents.from().size()) {
            throw new BadParameterException("--under-load", channels + " channels cannot spread over "
                    + agents.from().size() + " --load-from hosts (at least one each)");
        }
    }

    /** {@code backup:16}, {@code restore:8} or {@code async:4}, as the user typed it, unmarked. */
    public static UnderLoad parse(String text, Agents agents) {
        return parse(text, agents, -1);
    }

    /** {@code backup:16}, {@code restore:8} or {@code async:4}, as the user typed it, its packets marked {@code dscp}. */
    public static UnderLoad parse(String text, Agents agents, int dscp) {
        String[] parts = text == null ? new String[0] : text.split(":", -1);
        Kind kind = null;
        if (parts.length == 2) {
            for (Kind k : Kind.values()) {
                if (k.name().toLowerCase(Locale.ROOT).equals(parts[0])) {
                    kind = k;
                }
            }
        }
        if (kind == null || !parts[1].matches("[0-9]{1,4}")) {
            throw new BadParameterException("--under-load", "'" + text + "' is not backup:N, restore:N or async:N");
        }
        return new UnderLoad(kind, Integer.parseInt(parts[1]), agents, dscp);
    }

    /** The run that loads the link for {@code length}, towards {@code target}. */
    SessionSpec spec(Duration length, Payload payload) {
        return switch (kind) {
            case ASYNC -> TestParams.builder(Mode.ASYNC).length(MESSAGE).connections(channels).duration(length)
                    .interval(INTERVAL).payload(payload).build();
            case BACKUP, RESTORE -> BulkParams.builder(kind == Kind.BACKUP ? Direction.BACKUP : Direction.RESTORE,
                    "qualify-load-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16))
                    .channels(channels).duration(length).pieceSize(PIECE).interval(INTERVAL).verify(false)
                    .payload(payload).build();
        };
    }

    /** True when the load flows primary to standby (a backup, a stream), false for a restore. */
    boolean towardsStandby() {
        return kind != Kind.RESTORE;
    }

    /** {@code redoTarget} as the load reaches it: the same interface, the load's own class. */
    Target marked(Target redoTarget) {
        return redoTarget.withRoute(new Egress(redoTarget.route().bind(), dscp));
    }

    /** The load's fan-out from its agents to {@code target}, for {@code spec}. */
    FanoutConfig fanout(Target target, SessionSpec spec) {
        return agents.fanout(target, spec, List.of());
    }

    /** "backup:16", or "backup:16 from a,b". */
    @Override
    public String toString() {
        return kind.name().toLowerCase(Locale.ROOT) + ":" + channels + (agents == null ? ""
                : " from " + String.join(",", agents.from().stream().map(Object::toString).toList()));
    }

    /** What the load is, for a reason: "16 backup channels". */
    public String describe() {
        return channels + (kind == Kind.ASYNC ? " streaming connection" : " " + kind.name().toLowerCase(Locale.ROOT)
                + " channel") + (channels == 1 ? "" : "s") + (agents == null ? "" : " from " + agents.from().size()
                        + " agent" + (agents.from().size() == 1 ? "" : "s")) + (dscp < 0 ? "" : ", marked DSCP "
                                + dscp);
    }
}
