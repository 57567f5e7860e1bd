package dev.probe.core.plan;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A plan run's clock, as single-link qualify keeps its budget: when it started, and each phase's length shortened to
 * what the budget has left once the later phases and the tail (the last results, the verdicts) are kept back, so that
 * set-up running over (connections, agents, a relay's next hops) comes out of the phases, not on top of the budget.
 */
final class PlanClock {
    /** The phases in order; a stop in one leaves it and every later one unmeasured. */
    enum Phase {
        ROUND_TRIP, REDO, CATCH_UP
    }

    /** Kept back at the end: the last RESULTs and RELAYED frames coming back, the verdicts. */
    static final Duration TAIL = Duration.ofMillis(1500);
    /**
     * What a fan-out from agents takes before its data starts and after it ends (sessions, clock samples, the start
     * margin, the results): kept back from a RAC primary's redo phase (loopback ran 2.6 s over without it, the lab
     * 1 s over with 2 s).
     */
    static final Duration FANOUT_SETUP = Duration.ofSeconds(3);
    /** No phase is shortened below this: a phase too short to say anything is no use either. */
    static final Duration SHORTEST = Duration.ofSeconds(2);

    private final Instant startedAt = Instant.now();
    private final long start = System.nanoTime();
    private final Duration budget;
    private volatile Phase in = Phase.ROUND_TRIP;

    PlanClock(Duration budget) {
        this.budget = budget;
    }

    Instant startedAt() {
        return startedAt;
    }

    /** Time left of the budget (negative once over). */
    Duration left() {
        return budget.minusNanos(System.nanoTime() - start);
    }

    /**
     * Starts {@code phase}: {@code planned}, shortened so that {@code later} (the later phases' planned lengths) and
     * the tail still fit in what is left, never below {@link #SHORTEST}.
     */
    Duration start(Phase phase, Duration planned, Duration later) {
        in = phase;
        Duration room = left().minus(later).minus(TAIL);
        Duration d = room.compareTo(planned) < 0 ? room : planned;
        return d.compareTo(SHORTEST) < 0 ? SHORTEST : d.truncatedTo(ChronoUnit.SECONDS);
    }

    /** The phase running now (the last one started). */
    Phase phase() {
        return in;
    }
}
