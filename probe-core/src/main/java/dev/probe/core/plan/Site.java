package dev.probe.core.plan;

import dev.probe.core.client.HostPort;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One site of a Data Guard configuration plan: its role, where probe reaches it (the probe server that receives its
 * redo, the agents that send or relay from it) and the compression of the redo shipped to it.
 *
 * @param name        the site's name as the plan and its RedoRoutes write it
 * @param role        what the site is in the configuration
 * @param server      the probe server at the site (null only for the primary)
 * @param agents      probe agents at the site: a RAC primary's nodes, a Far Sync's or cascading standby's relay
 * @param compression how redo is compressed on the hop that ships to this site
 * @param backup      a Recovery Appliance's archived-log backups (null for every other role)
 */
public record Site(String name, Role role, HostPort server, List<HostPort> agents, Compression compression,
        Backup backup) {
    /**
     * A Recovery Appliance's archived-log backup at each log switch, as the plan's {@code backup:} gives it.
     *
     * @param logSwitch how often the primary switches logs: each switch leaves the peak redo times this to back up
     * @param ratio     the backup's size over the log's (compressed); NaN: not given (zlib's from --redo-sample, or 1)
     * @param channels  SBT channels the backup runs on (Oracle advises 2-4 per protected database)
     */
    public record Backup(Duration logSwitch, double ratio, int channels) {
        /** A log switch every 20 minutes, the ratio unknown, 2 channels. */
        public static final Backup DEFAULT = new Backup(Duration.ofMinutes(20), Double.NaN, 2);
        /** The most SBT channels a plan may give. */
        public static final int MAX_CHANNELS = 4;
    }

    /** A site's role, as the plan's {@code role:} writes it. */
    public enum Role {
        PRIMARY, FAR_SYNC, STANDBY, RECOVERY_APPLIANCE;

        /** The plan's spelling: primary, far-sync, standby, recovery-appliance. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Redo compression on a hop (the destination's COMPRESSION attribute). */
    public enum Compression {
        NONE, ZLIB, LZO;

        /** The plan's spelling. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Site {
        agents = List.copyOf(agents);
    }
}
