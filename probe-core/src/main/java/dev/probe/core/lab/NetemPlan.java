package dev.probe.core.lab;

import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.units.Rates;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The paper's impairment as tc netem commands: half the round-trip delay on each interface of the box in the
 * path, loss only in the data direction (towards the server for a backup, towards the client for a restore),
 * and a queue {@code limit} of bandwidth / MTU x max delay x 1.5 packets (10 Gbit/s, 1500 B, 150 ms: 187500).
 *
 * @param devToServer interface whose egress leads to the server (the backup's data direction)
 * @param devToClient interface whose egress leads to the client (the restore's data direction)
 */
public record NetemPlan(double rttMs, double lossPct, Direction direction, String devToServer, String devToClient,
        long bandwidthBps, int mtu, double maxDelayMs) {

    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9_.:@-]{1,15}");

    public NetemPlan {
        LinkSpec.checkCell(rttMs, lossPct, direction);
        for (String dev : new String[] {devToServer, devToClient}) {
            if (dev == null || !DEVICE.matcher(dev).matches()) {
                throw new BadParameterException("dev", "'" + dev + "' is not an interface name");
            }
        }
        if (bandwidthBps <= 0 || mtu < 576 || mtu > 65536 || !(maxDelayMs > 0)) {
            throw new BadParameterException("netem", "bandwidth, MTU (576-65536) and max delay must be positive");
        }
    }

    /**
     * Bits per second from a rate with its unit, as every probe command reads rates ({@code Rates}): tc's
     * {@code 10gbit} and {@code 500mbit}, {@code 1Gbps}, {@code 1Gbit/s}, {@code 125MB/s}; a bare number is refused.
     */
    public static long parseRate(String text) {
        try {
            return Rates.parseBitRate(text);
        } catch (IllegalArgumentException e) {
            throw new BadParameterException("bandwidth", e.getMessage());
        }
    }

    /** Packets the netem queue may hold: bandwidth / MTU x max delay x 1.5. */
    public long limitPackets() {
        return Math.round(bandwidthBps / (mtu * 8.0) * (maxDelayMs / 1000) * 1.5);
    }

    /** The data direction's egress interface. */
    public String lossyDevice() {
        return direction == Direction.BACKUP ? devToServer : devToClient;
    }

    /** The commands that set the impairment (one per interface). */
    public List<List<String>> applyCommands() {
        List<List<String>> cmds = new ArrayList<>();
        for (String dev : new String[] {devToServer, devToClient}) {
            cmds.add(netem(dev, rttMs / 2, dev.equals(lossyDevice()) ? lossPct : 0, 0, limitPackets()));
        }
        return cmds;
    }

    /** {@code tc qdisc replace dev DEV root netem delay D [loss L%] [rate R] limit N}. */
    static List<String> netem(String dev, double delayMs, double lossPct, long rateBps, long limit) {
        List<String> c = new ArrayList<>(List.of("tc", "qdisc", "replace", "dev", dev, "root", "netem", "delay",
                ms(delayMs)));
        if (lossPct > 0) {
            c.addAll(List.of("loss", pct(lossPct)));
        }
        if (rateBps > 0) {
            c.addAll(List.of("rate", rateBps + "bit"));
        }
        c.addAll(List.of("limit", String.valueOf(limit)));
        return c;
    }

    /** The commands that remove it. */
    public List<List<String>> clearCommands() {
        return List.of(List.of("tc", "qdisc", "del", "dev", devToServer, "root"),
                List.of("tc", "qdisc", "del", "dev", devToClient, "root"));
    }

    private static String ms(double v) {
        return LinkSpec.trim(v) + "ms";
    }

    private static String pct(double v) {
        return LinkSpec.trim(v) + "%";
    }
}
