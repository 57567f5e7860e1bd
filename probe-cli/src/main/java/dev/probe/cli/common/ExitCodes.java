package dev.probe.cli.common;

import dev.probe.core.client.ProbeException;

/** The exit codes of probe, documented in docs/reference/exit-codes.md. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int AUTH = 3;
    public static final int REFUSED = 4;
    /** qualify: at least one verdict is FAIL. */
    public static final int VERDICT_FAIL = 5;
    /** qualify: no FAIL, but at least one verdict is MARGINAL. */
    public static final int VERDICT_MARGINAL = 6;

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
