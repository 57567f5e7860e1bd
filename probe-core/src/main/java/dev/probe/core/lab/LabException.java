package dev.probe.core.lab;

/** A lab step that cannot be done here (not Linux, not root, no TUN, a command failed); the message is one line. */
public final class LabException extends IllegalStateException {
    public LabException(String message) {
        super(message);
    }
}
