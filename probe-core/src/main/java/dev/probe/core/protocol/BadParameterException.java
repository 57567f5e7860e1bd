package dev.probe.core.protocol;

import dev.probe.core.error.UsageException;

/** A test parameter is missing, of the wrong type, or out of range; the message names it and its value. */
public final class BadParameterException extends UsageException {
    private final String parameter;

    public BadParameterException(String parameter, String message) {
        super(parameter + ": " + message);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
