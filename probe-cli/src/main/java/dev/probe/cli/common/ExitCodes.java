package dev.probe.cli.common;

import dev.probe.core.client.ProbeException;

/** The exit codes of probe, documented in the README. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int AUTH = 3;
    public static final int REFUSED = 4;

    private ExitCodes() {
    }

    public static int of(ProbeException e) {
        switch (e.kind()) {
            case AUTH:
                return AUTH;
            case REFUSED:
                return REFUSED;
            default:
                return FAILED;
        }
    }
}
