package dev.probe.core.protocol;

/** Why the server refused or ended a test. */
public enum ErrorCode {
    BAD_PARAMETER, LIMIT, UNKNOWN_SESSION, PROTOCOL, AUTH, INTEGRITY, INTERNAL;

    static ErrorCode parse(String s) {
        for (ErrorCode c : values()) {
            if (c.name().equals(s)) {
                return c;
            }
        }
        return INTERNAL;
    }
}
