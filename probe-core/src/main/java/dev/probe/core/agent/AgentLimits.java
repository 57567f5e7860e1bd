package dev.probe.core.agent;

import dev.probe.core.client.AllowedTargets;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Frames;
import java.time.Duration;

/**
 * What one agent runs for its coordinators, whoever they are: where its runs may go ({@code targets}), how many
 * runs at once, how many legs (servers) and channels one run may have, and how many bytes one run may move. A
 * request over a limit is refused before anything runs, naming the agent's flag; a run that passes
 * {@code maxBytes} while running (a timed run) is stopped where its bytes are counted, not at its next interval.
 *
 * @param targets     where the runs may go ({@code --allow-targets})
 * @param maxRuns     runs at once ({@code --max-runs}, default 4)
 * @param maxLegs     servers one run may go to ({@code --max-legs}, default and most 16)
 * @param maxChannels channels (connections) of one run, all legs together ({@code --max-channels}, default 256)
 * @param maxBytes    bytes one run may move, all legs together ({@code --max-bytes}, default 4 TiB)
 */
public record AgentLimits(AllowedTargets targets, int maxRuns, int maxLegs, int maxChannels, long maxBytes) {

    public static final int DEFAULT_MAX_RUNS = 4;
    public static final int DEFAULT_MAX_CHANNELS = Frames.MAX_CONNECTIONS;
    public static final long DEFAULT_MAX_BYTES = 4L << 40;
    /** The longest interval a run may report at: the coordinator hears from the agent at least this often. */
    public static final Duration MAX_INTERVAL = Duration.ofSeconds(60);

    public AgentLimits {
        if (targets == null) {
            throw new BadParameterException("allow-targets", "is required");
        }
        if (maxRuns < 1) {
            throw new BadParameterException("max-runs", maxRuns + " must be at least 1");
        }
        if (maxLegs < 1 || maxLegs > AgentParams.MAX_LEGS) {
            throw new BadParameterException("max-legs", maxLegs + " is out of range [1, " + AgentParams.MAX_LEGS + "]");
        }
        if (maxChannels < 1) {
            throw new BadParameterException("max-channels", maxChannels + " must be at least 1");
        }
        if (maxBytes < 1) {
            throw new BadParameterException("max-bytes", maxBytes + " must be at least 1");
        }
    }

    /** The defaults, sending only where {@code targets} allows. */
    public static AgentLimits defaults(AllowedTargets targets) {
        return new AgentLimits(targets, DEFAULT_MAX_RUNS, AgentParams.MAX_LEGS, DEFAULT_MAX_CHANNELS,
                DEFAULT_MAX_BYTES);
    }

    /** Null when {@code p} is within these limits with {@code running} runs under way, else the limit it passes. */
    String refusal(AgentParams p, int running) {
        if (running >= maxRuns) {
            return "this agent is running " + running + " run(s) (--max-runs " + maxRuns + ")";
        }
        if (p.legs().size() > maxLegs) {
            return p.legs().size() + " legs exceed this agent's --max-legs of " + maxLegs;
        }
        int channels = p.legs().stream().mapToInt(l -> l.spec().connections()).sum();
        if (channels > maxChannels) {
            return channels + " channels exceed this agent's --max-channels of " + maxChannels;
        }
        if (p.interval().compareTo(MAX_INTERVAL) > 0) {
            return "an interval of " + p.interval().toSeconds() + " s is over the " + MAX_INTERVAL.toSeconds()
                    + " s an agent reports at";
        }
        long volume = p.volume();
        if (volume > maxBytes) {
            return String.format("%,d bytes exceed this agent's --max-bytes of %,d", volume, maxBytes);
        }
        for (AgentParams.Leg leg : p.legs()) {
            String why = targets.refusal(leg.host());
            if (why != null) {
                return why;
            }
        }
        return null;
    }
}
