package dev.probe.core.error;

/**
 * Bad input from the user (a flag's value, a file they named, a combination of flags), said in one line that names
 * the flag as typed; the CLI prints the message and exits 2. Anything else that is thrown is an internal error.
 */
public class UsageException extends IllegalArgumentException {
    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
