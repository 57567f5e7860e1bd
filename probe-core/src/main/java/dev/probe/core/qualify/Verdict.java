package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.util.ArrayList;
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

    /** This verdict with one more reason after its own, its status unchanged. */
    public Verdict with(String reason) {
        List<String> more = new ArrayList<>(reasons);
        more.add(reason);
        return new Verdict(name, status, more);
    }

    /** The result document's form: {@code {"name", "status", "reasons": [...]}}. */
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("name", name);
        n.put("status", status.name());
        reasons.forEach(n.putArray("reasons")::add);
        return n;
    }

    /** The worst status of {@code verdicts} (PASS for none). */
    public static Status worst(List<Verdict> verdicts) {
        return verdicts.stream().map(Verdict::status).max(Enum::compareTo).orElse(Status.PASS);
    }
}
