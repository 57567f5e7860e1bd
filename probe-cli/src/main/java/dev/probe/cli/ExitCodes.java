package dev.probe.cli;

import dev.probe.core.client.ProbeException;

/** The exit codes of probe, documented in the README. */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int AUTH = 3;
    static final int REFUSED = 4;

    private ExitCodes() {
    }

    static int of(ProbeException e) {
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
