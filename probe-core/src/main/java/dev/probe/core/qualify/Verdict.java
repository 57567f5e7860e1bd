package dev.probe.core.qualify;

import java.util.List;

/**
 * One verdict with its reasons, in words a network team can act on.
 *
 * @param name    "ASYNC" or "SYNC" (with the write size and FASTSYNC/AFFIRM when several ran)
 * @param status  PASS, MARGINAL or FAIL
 * @param reasons why, each one line
 */
public record Verdict(String name, Status status, List<String> reasons) {
    /**
     * Worst first when combined: FAIL over MARGINAL over PASS; INCOMPLETE is a qualification's overall status
     * only, when it stopped before every step ran (never a PASS on figures not measured).
     */
    public enum Status { PASS, MARGINAL, FAIL, INCOMPLETE }

    public Verdict {
        reasons = List.copyOf(reasons);
    }

    /** The worst status of {@code verdicts} (PASS for none). */
    public static Status worst(List<Verdict> verdicts) {
        return verdicts.stream().map(Verdict::status).max(Enum::compareTo).orElse(Status.PASS);
    }
}
