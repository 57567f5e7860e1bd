package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's loop without root or processes: a link that records what it is told, runs that write a result file
 * (or fail), and the loop's order, annotations, failure count and health checks asserted.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SweepCampaignTest {
    @TempDir
    Path dir;

    /** A lab link that only records: the specs it was given, its health checks; it can be told to stop working. */
    private static final class RecordingLink implements LabLink {
        final List<LinkSpec> specs = new ArrayList<>();
        int checks;
        int failAtCheck = -1;
        private LinkSpec spec = LinkSpec.builder().rttMs(2).rateBps(1_000_000_000L).unitSegments(4).build();

        @Override
        public LabTopology topology() {
            return LabTopology.defaults();
        }

        @Override
        public LinkSpec spec() {
            return spec;
        }

        @Override
        public void reconfigure(LinkSpec next) {
            specs.add(next);
            spec = next;
        }

        @Override
        public String describeCounters() {
            return "counters after " + specs.size() + " cells";
        }

        @Override
        public void checkHealthy() {
            if (++checks == failAtCheck) {
                throw new LabException("the link stopped forwarding");
            }
        }

        @Override
        public LinkMode mode() {
            return LinkMode.USERSPACE;
        }

        @Override
        public void close() {
        }
    }

    private final List<String> heard = new ArrayList<>();
    private final SweepCampaign.Listener listener = new SweepCampaign.Listener() {
        @Override
        public void finished(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, ObjectNode doc) {
            heard.add(cell.label() + " " + kind.wireName() + " " + run + " " + doc.path("params").path(
                    "impair_rtt_ms"));
        }

        @Override
        public void failed(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, String why) {
            heard.add(cell.label() + " " + kind.wireName() + " " + run + " FAILED " + why);
        }
    };

    /** Writes a minimal result document named for the run, as a probe client's --json does; the 20 ms objstore fails. */
    private Path run(SweepCampaign.Kind kind, SweepPlan.Cell cell, int run) throws IOException {
        if (kind == SweepCampaign.Kind.OBJSTORE && cell.rttMs() == 20) {
            throw new LabException("objstore-" + cell.label() + " failed: exit code 1");
        }
        Path json = dir.resolve(kind.wireName() + "-" + cell.label() + "-" + run + ".json");
        Files.writeString(json, "{\"kind\":\"" + kind.wireName() + "\",\"params\":{\"channels\":4},\"summary\":{}}");
        return json;
    }

    @Test
    void everyCellImpairsTheLinkThenRunsEachKindAndAnnotatesItsResult() throws Exception {
        SweepPlan plan = new SweepPlan(List.of(5.0, 20.0), List.of(0.0, 0.5), Direction.RESTORE, 35, 2, true,
                1_000_000_000L);
        RecordingLink link = new RecordingLink();
        SweepCampaign.Outcome o = new SweepCampaign(plan, List.of(SweepCampaign.Kind.BULK,
                SweepCampaign.Kind.OBJSTORE), link, "cubic", this::run, listener).run();

        assertEquals(List.of("5/0.0", "5/0.5", "20/0.0", "20/0.5"), link.specs.stream()
                .map(s -> LinkSpec.trim(s.rttMs()) + "/" + s.lossPct()).toList(), "cells in the plan's order");
        assertTrue(link.specs.stream().allMatch(s -> s.direction() == Direction.RESTORE && s.unitSegments() == 4
                && s.rateBps() == 1_000_000_000L), "each cell keeps the link's own settings and the plan's direction");
        assertEquals(4 * 2 * 2, heard.size(), "every run of every kind heard: " + heard);
        assertEquals("rtt5-loss0 bulk 1 5.0", heard.get(0));
        assertEquals("rtt5-loss0 objstore 1 5.0", heard.get(1));
        assertEquals("rtt5-loss0 bulk 2 5.0", heard.get(2));
        assertEquals("rtt20-loss0 objstore 1 FAILED objstore-rtt20-loss0 failed: exit code 1", heard.get(9));
        assertEquals(4, o.failures(), "two cells at 20 ms x two runs of objstore");
        assertEquals(12, o.results().size());
        assertEquals(16, link.checks, "the link's health after every run");
        assertEquals("counters after 4 cells", o.counters());

        JsonNode p = Json.MAPPER.readTree(o.results().get(o.results().size() - 1).toFile()).path("params");
        assertEquals(20.0, p.path("impair_rtt_ms").asDouble());
        assertEquals(0.5, p.path("impair_loss_pct").asDouble());
        assertEquals("userspace", p.path("impair_mode").asText());
        assertEquals(4, p.path("impair_unit_segments").asInt());
        assertEquals(1_000_000_000L, p.path("impair_rate_bps").asLong());
        assertEquals("cubic", p.path("namespace_congestion").asText());
        assertEquals(35, p.path("paper_channels").asInt());
        assertEquals(plan.channelScale(), p.path("channel_scale").asDouble(), 1e-9);
        assertEquals(4, p.path("channels").asInt(), "the run's own params are kept");
    }

    @Test
    void aLinkThatStopsWorkingEndsTheCampaign() {
        SweepPlan plan = new SweepPlan(List.of(5.0), List.of(0.0, 1.0), Direction.BACKUP, 8, 3, false, 0);
        RecordingLink link = new RecordingLink();
        link.failAtCheck = 2;
        LabException e = assertThrows(LabException.class, () -> new SweepCampaign(plan,
                List.of(SweepCampaign.Kind.BULK), link, "cubic", this::run, listener).run());
        assertEquals("the link stopped forwarding", e.getMessage());
        assertEquals(2, heard.size(), "no run after the failed check: " + heard);
        assertEquals(1, link.specs.size());
    }

    @Test
    void aCellSettlesForTwoRoundTripsAndAtLeast200Ms() {
        assertEquals(200, SweepCampaign.settle(new SweepPlan.Cell(1, 5, 0)));
        assertEquals(200, SweepCampaign.settle(new SweepPlan.Cell(1, 100, 0)));
        assertEquals(700, SweepCampaign.settle(new SweepPlan.Cell(1, 350, 0)));
    }
}
