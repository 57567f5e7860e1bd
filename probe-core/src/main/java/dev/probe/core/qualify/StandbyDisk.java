package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Profile;
import dev.probe.core.disk.RedoHeadroom;
import dev.probe.core.disk.RemoteDiskClient;
import dev.probe.core.disk.RemoteDiskSpec;
import dev.probe.core.nfs.NfsTarget;
import dev.probe.core.nfs.RemoteNfsClient;
import dev.probe.core.nfs.RemoteNfsSpec;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The standby's redo log writes ({@code qualify --affirm --standby-dir DIR}, or {@code --standby-nfs SERVER:/EXPORT}):
 * probe disk's redo profile, run briefly by the standby's probe server inside its {@code --dir} (or on the export from
 * the standby's host, as Direct NFS writes), and what carrying the peak redo leaves of one writer at
 * each size; shown beside the network's share of AFFIRM.
 *
 * @param disk     what the standby's server measured
 * @param headroom one writer's share at each write size, carrying the peak redo rate
 */
public record StandbyDisk(DiskResult disk, List<RedoHeadroom> headroom) {
    /** probe disk's redo profile, briefly: a 256 MiB file, 2 s per size. */
    static final DiskParams STANDBY_REDO = new DiskParams(256L << 20, Set.of(Profile.REDO), Duration.ofMillis(20), 0,
            Duration.ofSeconds(2), 1, false, false);

    public StandbyDisk {
        headroom = List.copyOf(headroom);
    }

    /**
     * Runs the redo profile at {@code config}'s standby: in {@code config.standbyDir()}, or on the export
     * {@code config.standbyNfs()} from the standby's host over one connection, as the standby's redo writer reaches
     * it through Direct NFS.
     */
    static StandbyDisk measure(QualifyConfig config) throws InterruptedException {
        DiskResult disk = config.standbyNfs() != null
                ? new RemoteNfsClient(config.target(), new RemoteNfsSpec(NfsTarget.parse(config.standbyNfs()),
                        List.of(1), STANDBY_REDO, Duration.ofSeconds(10))).run((n, p) -> {}).columns().get(0).result()
                : new RemoteDiskClient(config.target(), new RemoteDiskSpec(config.standbyDir(), STANDBY_REDO))
                        .run(p -> {});
        return new StandbyDisk(disk, RedoHeadroom.of(disk.of("redo"), config.load().peakBytesPerSecond()));
    }

    /** The document's {@code standby_disk}: the redo profile's summary, the headroom, the directory and file system. */
    ObjectNode toJson(double peakBytesPerSecond) {
        ObjectNode standby = (ObjectNode) disk.toJson().get("summary");
        RedoHeadroom.put(standby, peakBytesPerSecond, headroom);
        return standby.put("dir", disk.dir()).put("file_system", disk.fileSystem());
    }
}
