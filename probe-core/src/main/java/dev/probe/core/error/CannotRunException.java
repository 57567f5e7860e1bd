package dev.probe.core.error;

/**
 * What was asked cannot be done on this host (a port already taken, a lab step refused, a congestion control the
 * kernel lacks), said in one line the user can act on; the CLI prints the message and exits 1.
 */
public class CannotRunException extends IllegalStateException {
    public CannotRunException(String message) {
        super(message);
    }

    public CannotRunException(String message, Throwable cause) {
        super(message, cause);
    }
}
