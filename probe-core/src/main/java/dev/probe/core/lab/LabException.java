package dev.probe.core.lab;

import dev.probe.core.error.CannotRunException;

/** A lab step that cannot be done here (not Linux, not root, no TUN, a command failed); the message is one line. */
public final class LabException extends CannotRunException {
    public LabException(String message) {
        super(message);
    }
}
