package dev.probe.core.agent;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.params.BulkParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A bulk run fanned out from several hosts: the agents ({@code from}), the probe servers ({@code to}, host i
 * sends to server i mod n), the whole run's parameters (channels and volume are the totals), and how the
 * coordinator reaches its agents; with {@code tolerateLost} an agent lost after the start is noted and the run
 * goes on without it (a refusal before the start still stops the run).
 */
public record FanoutConfig(List<HostPort> from, List<HostPort> to, BulkParams total, ClientSecurity agentSecurity,
                           Transport transport, Duration connectTimeout, Duration timeout, boolean tolerateLost) {
    /** The largest clock uncertainty accepted: half the best round trip of an agent's clock samples. */
    public static final Duration MAX_CLOCK_UNCERTAINTY = Duration.ofMillis(100);

    /** A host and a port, as typed. */
    public record HostPort(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    public FanoutConfig {
        from = List.copyOf(from);
        to = List.copyOf(to);
        if (from.isEmpty() || to.isEmpty()) {
            throw new BadParameterException("from", "names no host");
        }
        if (total.channels() < from.size()) {
            throw new BadParameterException("channels", total.channels() + " channels cannot spread over "
                    + from.size() + " hosts (at least one each)");
        }
    }

    /**
     * Host {@code i}'s share, as RMAN spreads channels over SCAN: round-robin, so the first {@code channels mod
     * hosts} hosts carry one channel more; a volume is split in proportion to the channels, in whole pieces
     * (host i takes pieces [P x c(<i) / C, P x c(<=i) / C), so the shares differ by at most one piece).
     */
    public List<BulkParams> shares() {
        int hosts = from.size();
        List<BulkParams> shares = new ArrayList<>();
        long pieces = total.volume() == 0 ? 0 : total.pieceCount();
        int channelsBefore = 0;
        for (int i = 0; i < hosts; i++) {
            int channels = total.channels() / hosts + (i < total.channels() % hosts ? 1 : 0);
            long volume = 0;
            if (total.volume() > 0) {
                // pieces in proportion to the channels, by cumulative share (the last host's piece may be short)
                long first = pieces * channelsBefore / total.channels();
                long end = pieces * (channelsBefore + channels) / total.channels();
                volume = Math.min(end * total.pieceSize(), total.volume()) - first * total.pieceSize();
                if (volume <= 0) {
                    throw new BadParameterException("volume", total.volume() + " bytes in " + total.pieceSize()
                            + "-byte pieces leave host " + from.get(i) + " nothing to move");
                }
            }
            channelsBefore += channels;
            shares.add(new BulkParams(total.direction(), channels, volume, total.duration(), total.pieceSize(),
                    total.interval(), total.sockbuf(), total.verify(), total.runId() + "-h" + i, total.congestion()));
        }
        return shares;
    }
}
