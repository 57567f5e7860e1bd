package dev.probe.core.params;

import dev.probe.core.protocol.BadParameterException;
import java.util.Locale;

/** Which way a bulk run moves data: BACKUP client to server (RMAN backup), RESTORE server to client. */
public enum Direction {
    BACKUP, RESTORE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code backup} or {@code restore}, any case. */
    public static Direction parse(String text) {
        for (Direction d : values()) {
            if (d.name().equalsIgnoreCase(text)) {
                return d;
            }
        }
        throw new BadParameterException("direction", "'" + text + "' is not a direction (use backup or restore)");
    }
}
