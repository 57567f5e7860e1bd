package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.Json;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code probe report ...} through the command line: formats, exit codes, one-line errors. */
class ReportCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void paperTextSaysAllTippingPointsAgree() {
        assertEquals(0, run("report", "paper"));
        assertTrue(out.toString().contains("24 of 24 printed tipping points agree"), out.toString());
        assertTrue(out.toString().contains("Table 11: backup, FC MTU 1500"));
    }

    @Test
    void paperCsvAndJson() throws Exception {
        assertEquals(0, run("report", "paper", "--format", "csv"));
        List<String> lines = out.toString().lines().toList();
        assertEquals(13, lines.size());
        assertTrue(lines.get(0).startsWith("table,operation,fc_mtu_bytes,internet_class,loss_percent,paper_tip_2x_ms"));
        assertTrue(lines.stream().skip(1).allMatch(l -> l.endsWith(",true") && l.contains(",true,")), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", "paper", "--format", "json"));
        JsonNode doc = Json.MAPPER.readTree(out.toString());
        assertEquals(12, doc.get("tipping_points").size());
        assertEquals(8, doc.at("/throughput_tables/5").size());
    }

    @Test
    void tippingCsvHasTheDocumentedColumns(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("in.csv");
        Files.writeString(csv, "table,operation,fc_mtu_bytes,delay_ms,internet_high_multiple,internet_medium_multiple,"
                + "internet_low_multiple\n3,restore,1500,<2,1,1,3\n3,restore,1500,10,4,11,30\n");
        assertEquals(0, run("report", "tipping", "--input", csv.toString(), "--format", "csv"));
        assertEquals(List.of("table,operation,fc_mtu_bytes,internet_class,tip_2x_ms,tip_10x_ms",
                "3,restore,1500,high,4.7,>10", "3,restore,1500,medium,2.8,9.2", "3,restore,1500,low,<2,4.1"),
                out.toString().lines().toList());
    }

    @Test
    void tableIdsAreLabelsKeptAsGiven(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("pairs.csv");
        Files.writeString(csv, "table,operation,fc_mtu_bytes,delay_ms,internet_high_multiple,internet_medium_multiple,"
                + "internet_low_multiple\nA1,backup,1500,5,1,2,3\nA1,backup,1500,20,4,11,30\n"
                + "site-pair-3,restore,9000,5,1,1,1\nsite-pair-3,restore,9000,50,3,3,3\n");
        assertEquals(0, run("report", "tipping", "--input", csv.toString(), "--format", "csv"), err.toString());
        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.get(1).startsWith("A1,backup,1500,high,"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("site-pair-3,restore,9000,high,")), lines.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", "tipping", "--input", csv.toString(), "--format", "json"), err.toString());
        JsonNode n = Json.MAPPER.readTree(out.toString());
        assertEquals("A1", n.get(0).get("table").asText());
        assertTrue(n.get(0).get("table").isTextual(), "a label stays a string");
    }

    @Test
    void predictJsonHasThroughputMinutesAndModel() throws Exception {
        assertEquals(0, run("report", "predict", "--rtt-ms", "20", "--loss-pct", "0.5", "--channels", "65",
                "--format", "json"));
        JsonNode n = Json.MAPPER.readTree(out.toString());
        assertTrue(n.get("throughput_gbps").asDouble() > 0);
        assertTrue(n.get("minutes").asDouble() > 0);
        assertEquals("loss", n.at("/model/limited_by").asText());
        assertTrue(n.at("/model/constants/lossy/eta").isNumber());
        // issue 43: every prediction carries its range, from the model's held-out error
        double below = n.at("/range/log_below").asDouble();
        double above = n.at("/range/log_above").asDouble();
        assertTrue(below > 0 && below < 0.5 && above > 0 && above < 0.5, n.toString());
        assertEquals(n.get("minutes").asDouble() * Math.exp(-above), n.at("/range/minutes_low").asDouble(), 1e-6);
        assertEquals(n.get("minutes").asDouble() * Math.exp(below), n.at("/range/minutes_high").asDouble(), 1e-6);
        assertEquals(n.get("throughput_gbps").asDouble(), 65 * n.at("/model/per_channel_gbps").asDouble(), 1e-9,
                "the channels times each one's share add up");
    }

    @Test
    void predictPrintsARangeAndTakesADirection() {
        assertEquals(0, run("report", "predict", "--rtt-ms", "40", "--loss-pct", "0.1", "--capacity-gbps", "1",
                "--db-size", "20TB", "--direction", "restore"));
        assertTrue(out.toString().matches("(?s).*Range += [0-9.]+ days to [0-9.]+ days \\([0-9.]+-[0-9.]+ Gbit/s, "
                + "-[0-9.]+ % / \\+[0-9.]+ %: the 90th percentile of the paper-cell errors with each round trip left "
                + "out: -[0-9.]+ % / \\+[0-9.]+ %\\).*restore\nYour link += not measured: "
                + "the range is the paper's paths'.*one bulk run on your link, given with --from, fits the model to "
                + "it\n"), out.toString());
        assertEquals(2, run("report", "predict", "--rtt-ms", "40", "--loss-pct", "0.1", "--direction", "up"));
        assertEquals("probe: --direction: 'up' is not backup or restore", err.toString().trim());
    }

    /** Issue 43: the model fitted to the user's own results, their RTT and loss the default spec. */
    @Test
    void predictFromResultsFitsTheLinkAndSaysHowWell(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("report", "predict", "--capacity-gbps", "1",
                "--db-size", "20TB", "--channels", "35", "--from"));
        double[][] runs = {{4, 0.12}, {8, 0.21}, {16, 0.36}};
        for (double[] r : runs) {
            Path f = dir.resolve("bulk-" + (int) r[0] + ".json");
            Files.writeString(f, "{\"schema\":\"probe.result/1\",\"kind\":\"bulk\",\"params\":{"
                    + "\"channels\":" + (int) r[0] + ",\"direction\":\"backup\",\"payload\":\"random\","
                    + "\"impair_rtt_ms\":40,\"impair_loss_pct\":0.1},\"summary\":{\"throughput_gbps\":" + r[1] + "}}");
            args.add(f.toString());
        }
        assertEquals(0, run(args.toArray(String[]::new)), err.toString());
        String text = out.toString();
        assertTrue(text.contains("Your link           = 3 result(s) with loss") && text.contains("channels add as N^")
                && text.contains("(fitted: the results have several channel counts)"), text);
        assertTrue(text.contains("each left out: median"), text);
        assertTrue(text.contains("RTT 40.0 ms, loss 0.100 %"), "the results' RTT and loss by default: " + text);
        assertTrue(text.contains("bulk-8.json") && text.contains("measured 0.210 Gbit/s"), text);
        err.getBuffer().setLength(0);
        assertEquals(2, run("report", "predict", "--from", dir.resolve("none.json").toString()));
        assertEquals("probe: --from: " + dir.resolve("none.json") + ": no such file", err.toString().trim());
        err.getBuffer().setLength(0);
        assertEquals(2, run("report", "predict", "--loss-pct", "0.1"));
        assertEquals("probe: --rtt-ms: give the path's round-trip time, or --from results to take it from",
                err.toString().trim());
    }

    @Test
    void modelPrintsConstantsAndErrors() {
        assertEquals(0, run("report", "model"));
        assertTrue(out.toString().contains("error on the cells fitted: median"), out.toString());
        assertTrue(out.toString().contains("error on cells left out (each refitted without it): median"),
                out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", "model", "--validate"));
        assertTrue(out.toString().contains("two_regimes") && out.toString().contains("Tipping points"), out.toString());
    }

    @Test
    void badInputsAreOneLine(@TempDir Path dir) {
        assertEquals(2, run("report", "predict", "--rtt-ms", "-5", "--loss-pct", "1"));
        assertTrue(err.toString().trim().startsWith("probe: predict needs rtt > 0 ms"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("report", "tipping", "--input", dir.resolve("missing.csv").toString()));
        assertTrue(err.toString().trim().startsWith("probe: no such file: "), err.toString());
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("report", "compare", "--out", dir.resolve("o").toString(),
                dir.resolve("missing.json").toString()), "a missing input file is exit 2 in every command");
        assertTrue(err.toString().trim().endsWith("missing.json: no such file"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("report", "paper", "--format", "xml"));
        assertTrue(err.toString().contains("format 'xml' is not one of text, csv, json"), err.toString());
    }

    /** Issue 40, point 7: a huge file is refused before it is read; a count past an int is refused, not wrapped. */
    @Test
    void compareRefusesAHugeFileAndAnOverflowingChannelCount(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(1_100_000_000L); // sparse: 1.1 GB that costs no disk
        }
        assertEquals(2, run("report", "compare", "--out", dir.resolve("o").toString(), huge.toString()));
        assertTrue(err.toString().trim().endsWith("huge.json: 1,100,000,000 bytes is no probe result (they are at "
                + "most a few MB; read up to 67,108,864)"), err.toString());
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
        err.getBuffer().setLength(0);
        Path many = dir.resolve("many.json");
        Files.writeString(many, "{\"schema\":\"probe.result/1\",\"kind\":\"bulk\",\"params\":{"
                + "\"channels\":1000000000000000000,\"direction\":\"backup\"},\"summary\":{\"throughput_gbps\":1.0,"
                + "\"tcp\":{\"min_rtt_ms\":10}}}");
        assertEquals(2, run("report", "compare", "--out", dir.resolve("o2").toString(), many.toString()));
        assertTrue(err.toString().contains("many.json: params.channels 1000000000000000000 is not a count in [1, "
                + "100000]"), err.toString());
    }
}
