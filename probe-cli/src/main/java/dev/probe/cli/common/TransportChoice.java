package dev.probe.cli.common;

import dev.probe.core.transport.Transport;

/**
 * The transport the user chose, read when a command builds its configuration: NIO with
 * {@code -Dprobe.nio=true}, native epoll where it loads otherwise.
 */
public final class TransportChoice {
    private TransportChoice() {
    }

    public static Transport selected() {
        return Transport.select(Boolean.getBoolean("probe.nio"));
    }
}
