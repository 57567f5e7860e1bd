package dev.probe.core.params;

import dev.probe.core.protocol.BadParameterException;
import java.util.Locale;

/** Transport mode: SYNC waits for each message's ACK (SYNC redo transport); ASYNC streams. */
public enum Mode {
    SYNC, ASYNC;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code sync} or {@code async}, any case. */
    public static Mode parse(String text) {
        for (Mode m : values()) {
            if (m.name().equalsIgnoreCase(text)) {
                return m;
            }
        }
        throw new BadParameterException("mode", "'" + text + "' is not a mode (use sync or async)");
    }
}
