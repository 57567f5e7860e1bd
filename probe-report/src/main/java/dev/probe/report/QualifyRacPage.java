package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The qualify page of a RAC primary's run ({@code qualify --from}, params.mode {@code rac}): the verdicts per
 * instance, for the sum and for SYNC from each node, the settings from each node's own round trip, what each node
 * measured, and the standby's redo log writes when asked: what the console prints, as {@link QualifyPage} shows a
 * single host's run.
 */
final class QualifyRacPage {
    private QualifyRacPage() {
    }

    static String html(JsonNode doc) {
        JsonNode p = doc.path("params");
        JsonNode s = doc.path("summary");
        StringBuilder sb = new StringBuilder();
        QualifyPage.heading(sb, "Data Guard network qualification, RAC primary", s);
        StringBuilder rates = new StringBuilder();
        double sum = 0;
        for (int i = 0; i < p.path("from").size(); i++) {
            double rate = p.path("redo_rates_bytes_s").path(i).asDouble();
            sum += rate;
            rates.append(fmt("%sinstance %d on %s at %.1f MB/s", i == 0 ? "" : ", ", i + 1,
                    esc(p.path("from").path(i).asText()), rate / 1e6));
        }
        boolean reverse = p.path("direction").asText().equals("standby_to_primary");
        sb.append(fmt("<p>Each instance's redo %s the standby <b>%s:%d</b>%s, %s: %s; %.1f MB/s together.</p>%n",
                reverse ? "to its own node (through its probe agent) from" : "from its own node (through its probe "
                        + "agent) to", esc(p.path("host").asText()), p.path("port").asInt(), doc.has("reverse")
                                ? ", then back from the standby to each node" : "", esc(doc.path("started_at")
                                        .asText()), rates,
                sum / 1e6));
        load(sb, s.path("under_load"));
        QualifyPage.stopped(sb, doc);
        QualifyPage.verdictTable(sb, s);
        settings(sb, s.path("settings"));
        measured(sb, doc, "What each node measured" + (doc.has("reverse") ? ", primary to standby" : ""));
        if (doc.has("reverse")) {
            measured(sb, doc.path("reverse"), "What each node received, standby to primary");
        }
        QualifyTables.standbyDisk(sb, doc.path("standby_disk"));
        sb.append("<p>Made by probe qualify --from: one redo stream per RAC instance, each at its own peak, all at "
                + "once (support note 736755.1: the required bandwidth is for the instances' peaks together).</p>"
                + "</body></html>\n");
        return sb.toString();
    }

    private static void settings(StringBuilder sb, JsonNode settings) {
        if (settings.path("sqlnet_ora").isEmpty()) {
            return;
        }
        QualifyPage.settings(sb, settings, "sqlnet.ora for every instance's destination and the standby's listener "
                + "(the largest node's buffer serves them all)", "Linux sysctl on every node and the standby "
                        + "(/etc/sysctl.d/)");
        sb.append("<table><tr><th>from</th><th>round trip avg</th><th>its instance's peak</th><th>BDP</th>"
                + "<th>buffer (3 x BDP, at least 1 MiB)</th></tr>\n");
        for (JsonNode n : settings.path("per_node")) {
            sb.append(fmt(
                    "<tr><td>%s</td><td>%.3f ms</td><td>%.1f MB/s</td><td>%,d bytes</td><td>%,d bytes</td></tr>%n",
                    esc(n.path("from").asText()), n.path("rtt_ms").asDouble(), n.path("peak_bytes_s").asDouble() / 1e6,
                    n.path("bdp_bytes").asLong(), n.path("buffer_bytes").asLong()));
        }
        sb.append("</table>\n");
    }

    /** The background load: what it was and what it carried, alone and beside the redo. */
    private static void load(StringBuilder sb, JsonNode load) {
        if (load.isMissingNode()) {
            return;
        }
        sb.append(fmt("<p>Under load: %s (--under-load %s); it carried %s alone and %s beside the redo (medians of "
                + "one-second windows)%s. The verdicts rest on the steps run beside it.</p>%n",
                esc(load.path("described").asText()), esc(load.path("load").asText()), mbit(load.path("alone_bps")),
                mbit(load.path("beside_redo_bps")), load.path("same_direction").asBoolean()
                        ? "" : "; it flowed the other way from the redo, so no cost is put on the redo"));
    }

    private static String mbit(JsonNode bps) {
        return bps.isNumber() ? fmt("%.1f Mbit/s", bps.asDouble() / 1e6) : "an unknown rate";
    }

    private static void measured(StringBuilder sb, JsonNode doc, String title) {
        sb.append("<h2>").append(esc(title)).append(
                "</h2>\n<table><tr><th>step</th><th>from</th><th>figure</th></tr>\n");
        for (JsonNode st : doc.path("steps")) {
            boolean stream = st.path("step").asText().equals("redo_rate");
            for (JsonNode h : st.path("hosts")) {
                JsonNode x = h.path("summary");
                String figure = h.has("lost") ? "lost: " + h.path("lost").path("reason").asText()
                        : stream ? fmt("received %.1f MB/s (%,d bytes in %.2f s)", x.path("throughput_gbps")
                                .asDouble() * 125, x.path("bytes").asLong(), x.path("duration_s").asDouble())
                                : fmt("round trip avg %.3f / p99 %.3f ms (%,d)", x.path("latency_avg_ms").asDouble(),
                                        x.path("latency_p99_ms").asDouble(), x.path("messages").asLong());
                sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td></tr>%n", esc(st.path("label").asText()),
                        esc(h.path("from").asText()), esc(figure)));
            }
        }
        sb.append("</table>\n");
    }

    private static String esc(String s) {
        return Html.esc(s);
    }
}
