package dev.probe.core.plan;

import dev.probe.core.qualify.RedoCompression;
import dev.probe.core.qualify.Sizing;
import java.util.ArrayList;
import java.util.List;

/**
 * What a plan asks of each hop and each site's uplink before any traffic, by Oracle's rules: every hop carries the
 * peak redo once (compressed where its destination compresses), a site's uplink carries it once per destination it
 * ships to, the bandwidth each needs is the redo over the TCP efficiency, and an outage leaves a backlog of the peak
 * redo times its length for every standby.
 *
 * @param hops         each route with what it carries
 * @param uplinks      each shipping site with what leaves it
 * @param destinations how the redo reaches each site but the primary
 * @param backlogBytes the redo generated during the plan's outage (0 when none is asked)
 * @param backups      each Recovery Appliance's archived-log backups
 */
public record PlanDemand(List<Hop> hops, List<Uplink> uplinks, List<Reach> destinations, double backlogBytes,
        List<Backup> backups) {
    /**
     * A Recovery Appliance's archived-log backup at each log switch, sent from the primary beside its real-time redo.
     *
     * @param site        the Recovery Appliance
     * @param plan        the plan's backup: log switch, ratio, channels
     * @param logBytes    one archived log: the peak redo times the log switch interval
     * @param backupBytes its backup: the log times the ratio
     * @param ratioWords  where the ratio came from, in words
     */
    public record Backup(String site, Site.Backup plan, double logBytes, double backupBytes, String ratioWords) {
        /** The backup's bytes/s averaged over the log switch interval: what it adds to the uplink. */
        public double averageBps() {
            return backupBytes / (plan.logSwitch().toNanos() / 1e9);
        }
    }

    /**
     * One hop's load.
     *
     * @param route         the hop
     * @param carriedBytesPerS    bytes/s on the wire: the peak redo, times the compression ratio where it is known
     * @param requiredBits  bit/s the hop needs: carried / TCP efficiency x 8
     * @param compression   how the redo on this hop is compressed, in words ("" when it is not)
     */
    public record Hop(Route route, double carriedBytesPerS, double requiredBits, String compression) {
    }

    /**
     * One site's uplink.
     *
     * @param site         the shipping site
     * @param carriedBytesPerS   bytes/s leaving it, summed over its hops
     * @param hops         how many destinations it ships to
     * @param requiredBits bit/s the uplink needs
     */
    public record Uplink(String site, double carriedBytesPerS, int hops, double requiredBits) {
    }

    /**
     * How the redo reaches one site.
     *
     * @param site         the destination
     * @param hops         the hops from the primary
     * @param zeroDataLoss whether a commit waits until the redo is on this path past the primary's site: the first
     *                     hop is SYNC or FASTSYNC and every site between is a Far Sync, or every hop waits
     */
    public record Reach(String site, List<Route> hops, boolean zeroDataLoss) {
    }

    public PlanDemand {
        hops = List.copyOf(hops);
        uplinks = List.copyOf(uplinks);
        destinations = List.copyOf(destinations);
        backups = List.copyOf(backups);
    }

    /** {@code plan}'s demand; {@code sample} (nullable) gives the compression ratios, zlib's and LZ4's for LZO. */
    public static PlanDemand of(Plan plan, RedoCompression sample, double tcpEfficiency) {
        double redo = plan.redo().peakBytesPerSecond();
        List<Hop> hops = new ArrayList<>();
        for (Route r : plan.routes()) {
            Site.Compression c = plan.site(r.to()).compression();
            double ratio = c == Site.Compression.NONE || sample == null ? 1
                    : c == Site.Compression.ZLIB ? sample.zlibRatio() : sample.lz4Ratio();
            String words = c == Site.Compression.NONE ? ""
                    : sample == null ? c.label() + ": ratio unknown without --redo-sample, counted uncompressed"
                            : c.label() + String.format(" at %.2f x (%s from --redo-sample)", ratio,
                                    c == Site.Compression.ZLIB ? "zlib" : "LZ4, LZO's kin");
            double carried = redo * ratio;
            hops.add(new Hop(r, carried, Sizing.requiredBitsPerSecond(carried, tcpEfficiency), words));
        }
        List<Uplink> uplinks = new ArrayList<>();
        for (Site s : plan.sites()) {
            List<Hop> out = hops.stream().filter(h -> h.route().from().equals(s.name())).toList();
            if (!out.isEmpty()) {
                double sum = out.stream().mapToDouble(Hop::carriedBytesPerS).sum();
                uplinks.add(new Uplink(s.name(), sum, out.size(), Sizing.requiredBitsPerSecond(sum, tcpEfficiency)));
            }
        }
        List<Reach> reach = new ArrayList<>();
        for (Site s : plan.sites()) {
            if (s.role() != Site.Role.PRIMARY) {
                List<Route> path = plan.hopsTo(s.name());
                reach.add(new Reach(s.name(), path, zeroDataLoss(plan, path)));
            }
        }
        return new PlanDemand(hops, uplinks, reach, redo * plan.outage().toNanos() / 1e9, backups(plan, sample));
    }

    private static List<Backup> backups(Plan plan, RedoCompression sample) {
        double redo = plan.redo().peakBytesPerSecond();
        List<Backup> out = new ArrayList<>();
        for (Site s : plan.sites()) {
            if (s.backup() == null) {
                continue;
            }
            double log = redo * s.backup().logSwitch().toNanos() / 1e9;
            double ratio = !Double.isNaN(s.backup().ratio()) ? s.backup().ratio() : sample == null ? 1
                    : sample.zlibRatio();
            String words = !Double.isNaN(s.backup().ratio()) ? String.format("compressed at %.2f (as given)", ratio)
                    : sample == null ? "ratio not given and no --redo-sample: counted uncompressed"
                            : String.format("compressed at %.2f (zlib's on --redo-sample)", ratio);
            out.add(new Backup(s.name(), s.backup(), log, log * ratio, words));
        }
        return out;
    }

    private static boolean zeroDataLoss(Plan plan, List<Route> path) {
        if (!path.get(0).mode().waits()) {
            return false;
        }
        for (Route r : path.subList(1, path.size())) {
            if (!r.mode().waits() && plan.site(r.from()).role() != Site.Role.FAR_SYNC) {
                return false;
            }
        }
        return true;
    }
}
