package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.client.RunStop;
import dev.probe.core.client.Target;
import dev.probe.core.payload.Payload;
import dev.probe.core.plan.Plan;
import dev.probe.core.plan.PlanDemand;
import dev.probe.core.plan.PlanFile;
import dev.probe.core.plan.PlanResult;
import dev.probe.core.plan.PlanRunner;
import dev.probe.core.qualify.Verdict;
import dev.probe.core.testing.RunningServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 56: a plan's verdicts come from data measured whole. A run stopped part-way reads INCOMPLETE wherever its
 * phase was cut, never PASS or FAIL; a site whose server is not a probe server is INCOMPLETE, its catch-up too, with
 * no internal class name; and the run keeps its budget, its start time the time it started.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PlanIncompleteTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final RunningServer sb1 = RunningServer.with(c -> c);

    private Path plan(int sb2Port) throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, """
                redo: 2MB/s
                sites:
                  prim: {role: primary}
                  sb1:  {role: standby, server: 127.0.0.1:%d}
                  sb2:  {role: standby, server: 127.0.0.1:%d}
                routes:
                  prim: "(LOCAL : sb1 SYNC, sb2 ASYNC)"
                sync: {commit-budget: 1s}
                outage: 5s
                """.formatted(sb1.port(), sb2Port));
        return plan;
    }

    @Test
    void aStopInTheRedoPhaseLeavesEveryHopIncompleteWithWhatWasMeasured() throws Exception {
        Plan p = PlanFile.read(plan(sb1.port()), 0);
        PlanRunner.Config config = new PlanRunner.Config(p, PlanDemand.of(p, null, 0.7),
                Target.of("127.0.0.1", sb1.port()), Duration.ofSeconds(20), 32768, Payload.RANDOM);
        RunStop stop = new RunStop();
        Instant before = Instant.now();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(7000); // the round trips take 3 s; stop 4 s into the redo phase
                stop.request("interrupted (SIGINT)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();
        PlanResult r = new PlanRunner(config).run(text -> {}, stop);
        stopper.join();
        assertEquals(Verdict.Status.INCOMPLETE, r.overall());
        assertFalse(r.startedAt().isBefore(before) || r.startedAt().isAfter(before.plusSeconds(2)),
                "started_at is when the run started: " + r.startedAt());
        for (Verdict v : r.verdicts()) {
            assertEquals(Verdict.Status.INCOMPLETE, v.status(), v.toString());
        }
        Verdict async = r.verdicts().get(1);
        assertTrue(async.reasons().get(0).startsWith("not measured whole (stopped: interrupted (SIGINT), in the redo "
                + "phase)") && async.reasons().get(1).startsWith("carried "), async.toString());
        assertTrue(r.verdicts().stream().noneMatch(v -> v.name().startsWith("catch-up")), "no catch-up was run");
        assertEquals("INCOMPLETE", r.toJson().at("/summary/overall").asText());
    }

    @Test
    void aSiteThatIsNotAProbeServerIsIncompleteAndTheRunKeepsItsBudget() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            List<Socket> held = new ArrayList<>();
            Thread accepter = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // takes the connection, says nothing, as an HTTP server does
                    }
                } catch (Exception e) {
                    // closed with the test
                }
            });
            accepter.setDaemon(true);
            accepter.start();
            long t0 = System.nanoTime();
            QualifiedPlan run = QualifiedPlan.run(plan(silent.getLocalPort()), dir.resolve("r.json"), "--budget",
                    "15s");
            double took = (System.nanoTime() - t0) / 1e9;
            // the budget plus set-up a loaded host stretches (run 61: 18.7 s at load 10); an overrun by a phase's
            // handshake timeouts would take far longer
            assertTrue(took < 22, "the 15 s budget kept: " + took + " s\n" + run.printed());
            assertEquals(1, run.code(), run.printed());
            assertFalse(run.printed().contains("Exception"), run.printed());
            assertTrue(run.out().contains("Time taken"), run.out());
            JsonNode hops = run.doc().path("hops");
            assertEquals("PASS", hops.get(0).path("status").asText(), run.out());
            assertEquals("INCOMPLETE", hops.get(1).path("status").asText(), run.out());
            for (JsonNode v : run.doc().at("/summary/verdicts")) {
                if (v.path("name").asText().endsWith("sb2")) {
                    assertEquals("INCOMPLETE", v.path("status").asText(), v.toString());
                    assertTrue(v.path("reasons").get(0).asText().contains("is 'probe server' listening there?"),
                            v.toString());
                }
            }
            assertEquals("INCOMPLETE", run.doc().at("/summary/overall").asText());
            for (Socket s : held) {
                s.close();
            }
        }
    }
}
