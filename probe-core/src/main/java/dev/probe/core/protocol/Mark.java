package dev.probe.core.protocol;

/** The in-band warm-up mark: the receiver restarts its measured counts when it reads it. */
public enum Mark {
    INSTANCE
}
