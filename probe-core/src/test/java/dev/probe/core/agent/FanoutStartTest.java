package dev.probe.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The two-phase start: an agent says READY once every leg's session is open, and the instant the coordinator then
 * names lies only the margin and the slowest round trip ahead (run 33: with a guessed margin, one agent's legs
 * opened 1.7 s late on a host at load 8 and the hosts started 1.7 s apart).
 */
@Timeout(10)
class FanoutStartTest {
    @Test
    void theStartLiesTheMarginAndTheSlowestRoundTripAhead() {
        long now = AgentMessages.nowMicros();
        long start = Fanout.startAfter(List.of(new ClockSample(0, 100, 100, 3_000)));
        assertTrue(start - now >= Fanout.START_MARGIN_MICROS + 3_000 && start - now < 500_000,
                "250 ms and a 3 ms round trip: " + (start - now));
    }

    @Test
    void readyGoesOnceTheLastLegIsOpenAndEveryLegStartsAtTheInstant() throws Exception {
        AtomicInteger readies = new AtomicInteger();
        CountDownLatch ready = new CountDownLatch(1);
        StartGate gate = new StartGate(3, () -> {
            readies.incrementAndGet();
            ready.countDown();
        });
        List<Thread> legs = new ArrayList<>();
        List<Long> began = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int leg = i;
            Thread t = new Thread(() -> {
                sleep(leg * 150L); // the legs open one after another, the last 300 ms after the first
                gate.legReady();
                synchronized (began) {
                    began.add(AgentMessages.nowMicros());
                }
            });
            legs.add(t);
            t.start();
        }
        assertTrue(ready.await(5, TimeUnit.SECONDS), "READY once all three are open");
        long at = AgentMessages.nowMicros() + 200_000;
        gate.startAt(at);
        for (Thread t : legs) {
            t.join(5_000);
        }
        assertEquals(1, readies.get(), "one READY");
        assertEquals(3, began.size());
        for (long b : began) {
            assertTrue(b >= at, "no leg starts before the instant: " + (b - at));
        }
        assertTrue(gate.started() >= at && gate.started() < Long.MAX_VALUE, "the first leg's start is the host's");
    }

    @Test
    void aRunEndedBeforeItsStartReleasesTheWaitingLegs() throws Exception {
        StartGate gate = new StartGate(2, () -> {});
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        Thread leg = new Thread(() -> {
            try {
                gate.legReady();
                thrown.complete(null);
            } catch (RuntimeException e) {
                thrown.complete(e);
            }
        });
        leg.start();
        gate.cancel();
        assertTrue(thrown.get(5, TimeUnit.SECONDS) instanceof CancellationException, "the leg gives up");
        assertEquals(Long.MAX_VALUE, gate.started(), "no data began");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
