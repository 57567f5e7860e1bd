package dev.probe.core.agent;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.HostPort;
import dev.probe.core.client.Target;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A run fanned out from several hosts: the agents ({@code from}), the probe servers ({@code to}), the whole run
 * ({@code total}: a bulk run, an object-storage run or a sync/async test, whose channels or connections and volume are the totals), and
 * how the coordinator reaches its agents; with {@code tolerateLost} an agent lost after the start is noted and the
 * run goes on without it (a refusal before the start still stops the run). {@code rateShares} (one per host, or
 * empty) shares a test's --rate by weight instead of by connections: a RAC primary's instances each at its own peak;
 * {@code dscp} marks every leg's packets (-1: unmarked; each agent's legs leave by its own {@code --legs-from}).
 */
public record FanoutConfig(List<HostPort> from, List<HostPort> to, SessionSpec total, ClientSecurity agentSecurity,
        Transport transport, Duration connectTimeout, Duration timeout, boolean tolerateLost,
        List<Double> rateShares, int dscp) {

    /** The largest clock uncertainty accepted: half the best round trip of an agent's clock samples. */
    public static final Duration MAX_CLOCK_UNCERTAINTY = Duration.ofMillis(100);

    /** A test's --rate shared by connections. */
    public FanoutConfig(List<HostPort> from, List<HostPort> to, SessionSpec total, ClientSecurity agentSecurity,
                        Transport transport, Duration connectTimeout, Duration timeout, boolean tolerateLost) {
        this(from, to, total, agentSecurity, transport, connectTimeout, timeout, tolerateLost, List.of(), -1);
    }

    /** The same run with the agents' legs marked with {@code newDscp} (-1: unmarked). */
    public FanoutConfig withDscp(int newDscp) {
        return new FanoutConfig(from, to, total, agentSecurity, transport, connectTimeout, timeout, tolerateLost,
                rateShares, newDscp);
    }

    public FanoutConfig {
        from = List.copyOf(from);
        to = List.copyOf(to);
        rateShares = List.copyOf(rateShares);
        if (!rateShares.isEmpty() && (rateShares.size() != from.size() || !(total instanceof TestParams)
                || rateShares.stream().anyMatch(x -> !(x > 0)))) {
            throw new BadParameterException("rate-shares", "give one positive share per host, for a test");
        }
        if (from.isEmpty() || to.isEmpty()) {
            throw new BadParameterException("from", "names no host");
        }
        if (to.size() > AgentParams.MAX_LEGS) {
            throw new BadParameterException("to", to.size() + " servers is more than " + AgentParams.MAX_LEGS);
        }
        if (!(total instanceof BulkParams) && !(total instanceof TestParams) && !(total instanceof ObjstoreLeg)) {
            throw new BadParameterException("from", "fans out bulk, object-storage and sync/async runs only");
        }
        if (total instanceof ObjstoreLeg o && !to.equals(List.of(o.target()))) {
            throw new BadParameterException("to", "an object-storage run goes to its --endpoint only");
        }
        if (channels(total) < from.size()) {
            throw new BadParameterException(total instanceof BulkParams ? "channels" : "num-conn", channels(total)
                    + (total instanceof BulkParams ? " channels" : " connections") + " cannot spread over "
                    + from.size() + " hosts (at least one each)");
        }
    }

    /** How the coordinator reaches agent {@code i}: its host and port, with the agents' security and timeouts. */
    public Target agentTarget(int i) {
        HostPort agent = from.get(i);
        return new Target(agent.host(), agent.port(), connectTimeout, timeout, agentSecurity, transport);
    }

    /** The channels of a bulk run, the connections of a test. */
    static int channels(SessionSpec spec) {
        return spec instanceof TestParams t ? t.numConn() : bulkOf(spec).channels();
    }

    /** The bulk shape of a bulk or object-storage run. */
    public static BulkParams bulkOf(SessionSpec spec) {
        return spec instanceof ObjstoreLeg o ? o.params().bulk() : (BulkParams) spec;
    }

    /** The whole run's channels (a bulk run) or connections (a test). */
    public int channels() {
        return channels(total);
    }

    /** A host's channels or connections: as RMAN spreads channels over SCAN, round-robin. */
    public int channelsOf(int host) {
        int c = channels(total);
        return c / from.size() + (host < c % from.size() ? 1 : 0);
    }

    /**
     * What each host runs. Channels go round-robin over the hosts (the first {@code channels mod hosts} carry one
     * more), and each host's channels round-robin over the servers starting at server {@code host mod servers}
     * (its k-th channel to server (host + k) mod servers), one leg per server it reaches. A volume is split in
     * proportion to the legs' channels, in whole pieces by cumulative share (leg j takes pieces [P x c(<j) / C,
     * P x c(<=j) / C)), so hosts differ by at most one piece; a test's --rate likewise by connections. A host's
     * runs are named {@code RUNID-h<i>}, or {@code RUNID-h<i>-s<server>} when it reaches several servers; an
     * object-storage host's objects go under {@code PREFIX h<i>/}.
     */
    public List<AgentParams> plan() {
        int hosts = from.size();
        int servers = to.size();
        int total = channels(this.total);
        List<AgentParams> plan = new ArrayList<>();
        int before = 0;
        for (int h = 0; h < hosts; h++) {
            int mine = channelsOf(h);
            List<AgentParams.Leg> legs = new ArrayList<>();
            for (int k = 0; k < Math.min(mine, servers); k++) {
                int server = (h + k) % servers;
                int channels = mine / servers + (k < mine % servers ? 1 : 0);
                HostPort target = to.get(server);
                String suffix = "-h" + h + (Math.min(mine, servers) > 1 ? "-s" + server : "");
                legs.add(new AgentParams.Leg(target.host(), target.port(), share(before, channels, total, suffix, h)));
                before += channels;
            }
            plan.add(new AgentParams(legs, dscp));
        }
        return plan;
    }

    private SessionSpec share(int before, int channels, int all, String suffix, int host) {
        if (this.total instanceof TestParams t) {
            double share = rateShares.isEmpty() ? channels / (double) all
                    : rateShares.get(host) / rateShares.stream().mapToDouble(Double::doubleValue).sum();
            return t.toBuilder().connections(channels).rate(t.rate() * share).build();
        }
        BulkParams b = bulkOf(this.total);
        long volume = 0;
        if (b.volume() > 0) {
            long pieces = b.pieceCount();
            long first = pieces * before / all;
            long end = pieces * (before + channels) / all;
            volume = Math.min(end * b.pieceSize(), b.volume()) - first * b.pieceSize();
            if (volume <= 0) {
                throw new BadParameterException("volume", b.volume() + " bytes in " + b.pieceSize()
                        + "-byte pieces leave host " + from.get(host) + " nothing to move");
            }
        }
        BulkParams share = BulkParams.builder(b.direction(), b.runId() + suffix).channels(channels).volume(volume)
                .duration(b.duration()).pieceSize(b.pieceSize()).interval(b.interval()).sockbuf(b.sockbuf())
                .verify(b.verify()).congestion(b.congestion()).payload(b.payload()).salt(b.salt()).build();
        // an object-storage host's pieces are numbered from 0 like any run's: its objects go under a prefix of its own
        return this.total instanceof ObjstoreLeg o ? o.with(share, suffix.substring(1) + "/") : share;
    }
}
