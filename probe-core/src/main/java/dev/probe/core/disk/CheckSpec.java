package dev.probe.core.disk;

import dev.probe.core.params.SessionSpec;
import java.time.Duration;

/**
 * What a check a client asks a server to run shares (a disk check, an NFS export's): one connection carrying DISK
 * frames, no data, no fixed length (the ladders decide), intervals of one point.
 */
public interface CheckSpec extends SessionSpec {
    /** The check's settings. */
    DiskParams params();

    @Override
    default int connections() {
        return 1;
    }

    @Override
    default Duration expectedDuration() {
        return Duration.ZERO;
    }

    @Override
    default Duration interval() {
        return params().point();
    }

    @Override
    default long sockbuf() {
        return 0;
    }

    @Override
    default boolean carriesData() {
        return false;
    }
}
