package dev.probe.cli.common;

import dev.probe.core.error.UsageException;
import dev.probe.core.transport.Transport;

/**
 * The transport the user chose, read when a command builds its configuration: {@code -Dprobe.transport=epoll}
 * (the default), {@code io_uring} or {@code nio}; {@code -Dprobe.nio=true} is the older spelling of {@code nio}.
 */
public final class TransportChoice {
    private TransportChoice() {
    }

    /** The transport asked for, or its fallback where it does not load; a misspelt name is an error. */
    public static Transport selected() {
        if (Boolean.getBoolean("probe.nio")) {
            return Transport.select(Transport.Kind.NIO);
        }
        String asked = System.getProperty("probe.transport");
        if (asked == null || asked.isBlank()) {
            return Transport.best();
        }
        Transport.Kind kind = Transport.Kind.parse(asked);
        if (kind == null) {
            throw new UsageException("-Dprobe.transport=" + asked + ": expected epoll, io_uring or nio");
        }
        return Transport.select(kind);
    }
}
