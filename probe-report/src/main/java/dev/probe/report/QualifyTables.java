package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.JsonNode;

/** The qualify page's tables of figures: each step's measurement, and the standby redo log's writes. */
final class QualifyTables {
    private QualifyTables() {
    }

    /** Each step's figure, and what held its sender back. */
    static void measured(StringBuilder sb, JsonNode doc, String heading) {
        if (doc.path("steps").isEmpty()) {
            return; // no step ran (the path stalls: the verdict says why)
        }
        sb.append("<h2>" + esc(heading) + "</h2>\n<table><tr><th>step</th><th>figure</th>"
                + "<th>sender limited by (share of the time data was in flight, TCP_INFO)</th></tr>\n");
        for (JsonNode st : doc.path("steps")) {
            JsonNode r = st.path("result").path("summary");
            JsonNode lat = r.path("latency_ms");
            String figure = figure(doc, st);
            JsonNode limited = r.path("tcp").path("limited");
            sb.append(fmt("<tr><td>%s</td><td>%s%s</td><td>%s</td></tr>%n", esc(st.path("label").asText()), figure,
                    st.path("result").has("incomplete") ? " (stopped early: "
                            + esc(st.path("result").path("incomplete").path("reason").asText()) + ")" : "",
                    lat.isObject() || !limited.isObject() ? "" : fmt("receive window %.0f %%, send buffer %.0f %%, "
                            + "network %.0f %%", 100 * limited.path("receive_window").asDouble(),
                            100 * limited.path("send_buffer").asDouble(), 100 * limited.path("network").asDouble())));
        }
        sb.append("</table>\n");
    }

    /**
     * A step's figure as the console has it: a round trip's percentiles; a stream step's rate on the steady half of
     * the step, as the verdicts judge it (the summary's {@code capacity_bps}, {@code default_buffers_bps},
     * {@code tuned_buffers_bps}); any other stream its receiver's goodput over the step.
     */
    static String figure(JsonNode doc, JsonNode st) {
        JsonNode r = st.path("result").path("summary");
        JsonNode lat = r.path("latency_ms");
        if (lat.isObject()) {
            return fmt("round trip p50 %.3f / p99 %.3f ms", lat.path("p50").asDouble(), lat.path("p99").asDouble());
        }
        String step = st.path("step").asText();
        JsonNode steady = switch (step) {
            case "capacity", "default_buffers", "tuned_buffers" -> doc.path("summary").path(step + "_bps");
            default -> null;
        };
        return steady != null && steady.isNumber()
                ? fmt("%.1f Mbit/s (steady half of the step)", steady.asDouble() / 1e6)
                : fmt("%.1f Mbit/s", r.path("throughput_mib_s").asDouble() * 1.048576 * 8);
    }

    /** The keys of a host's settings the table shows, with their labels, and whether 3 x BDP bounds them. */
    private static final String[][] HOST_ROWS = {{"rmem_max", "net.core.rmem_max", "bound"},
            {"wmem_max", "net.core.wmem_max", "bound"}, {"tcp_rmem", "net.ipv4.tcp_rmem", "bound"},
            {"tcp_wmem", "net.ipv4.tcp_wmem", "bound"}, {"congestion", "congestion control", ""},
            {"qdisc", "default qdisc", ""}, {"mtu_probing", "net.ipv4.tcp_mtu_probing", ""},
            {"interface_mtu", "interface MTU", ""}};

    /** Both ends' TCP settings beside what 3 x BDP needs (a value short of it marked), and the lines per host. */
    static void hosts(StringBuilder sb, JsonNode hosts) {
        if (!hosts.isObject()) {
            return;
        }
        long needed = hosts.path("needed_bytes").asLong();
        sb.append("<h2>Host settings at both ends</h2>\n<table><tr><th>setting</th><th>primary (this run's client)</th>"
                + "<th>standby (its server)</th><th>3 x BDP needs</th></tr>\n");
        for (String[] row : HOST_ROWS) {
            boolean bound = !row[2].isEmpty() && needed > 0;
            sb.append(fmt("<tr><td>%s</td>%s%s<td>%s</td></tr>%n", row[1],
                    hostCell(hosts.path("primary").path(row[0]), bound ? needed : 0),
                    hostCell(hosts.path("standby").path(row[0]), bound ? needed : 0), bound ? needed : ""));
        }
        JsonNode clock = hosts.path("clock");
        if (clock.isObject()) {
            sb.append(fmt("<tr><td>clock</td><td>(reference)</td><td%s>%+.3f ms (± %.3f)</td><td>within 500 ms "
                    + "(NTP)</td></tr>%n", clock.path("skewed").asBoolean() ? " class=\"FAIL\"" : "",
                    clock.path("offset_ms").asDouble(), clock.path("uncertainty_ms").asDouble()));
        }
        sb.append("</table>\n");
        for (String end : new String[] {"primary", "standby"}) {
            JsonNode lines = hosts.path("sysctl_" + end);
            if (!lines.isEmpty()) {
                sb.append("<p>On the ").append(end).append(", for the values short of the buffer:</p><pre>");
                lines.forEach(l -> sb.append(esc(l.asText())).append('\n'));
                sb.append("</pre>\n");
            }
        }
    }

    /** One end's value; a size (a triple's max) below {@code needed} marked as failing. */
    private static String hostCell(JsonNode v, long needed) {
        if (v.isMissingNode()) {
            return "<td>?</td>";
        }
        String text = v.asText();
        long size = v.isNumber() ? v.asLong() : text.matches("\\d+ \\d+ \\d+")
                ? Long.parseLong(text.substring(text.lastIndexOf(' ') + 1)) : -1;
        return size >= 0 && size < needed ? "<td class=\"FAIL\">" + esc(text) + "</td>" : "<td>" + esc(text) + "</td>";
    }

    /** The standby redo log's write times (--standby-dir), when measured. */
    /** The path MTU both ways: what passes, a learned MTU marked as a warning, a black hole as a failure. */
    static void pathMtu(StringBuilder sb, JsonNode found) {
        if (!found.isArray() || found.isEmpty()) {
            return;
        }
        sb.append("<h2>Path MTU</h2>\n<table><tr><th>direction</th><th>largest packet</th><th>found</th></tr>\n");
        for (JsonNode d : found) {
            String status = d.path("status").asText();
            String css = switch (status) {
                case "black_hole", "stalled" -> "FAIL";
                case "learned" -> "MARGINAL";
                default -> "PASS";
            };
            sb.append(fmt("<tr><td>%s</td><td class=\"%s\">%s</td><td>%s</td></tr>%n",
                    esc(d.path("direction").asText().replace('_', ' ')), css,
                    d.path("largest_packet").asInt() > 0 ? d.path("largest_packet").asInt() + " bytes" : "none",
                    esc(d.path("brief").asText(d.path("described").asText()))));
        }
        sb.append("</table>\n");
    }

    static void standbyDisk(StringBuilder sb, JsonNode disk) {
        if (disk.isObject()) {
            sb.append(fmt("<h2>Standby redo log writes</h2>%n<p>probe disk's redo profile at %s (%s): each write "
                    + "followed by fdatasync, one writer: the standby disk's share of an AFFIRM commit.</p>%n",
                    esc(disk.path("dir").asText()), esc(disk.path("file_system").asText())));
            sb.append("<table><tr><th>write size</th><th>p50 ms</th><th>p99 ms</th></tr>\n");
            for (JsonNode r : disk.path("redo")) {
                sb.append(fmt("<tr><td>%d B%s</td><td>%.3f</td><td>%.3f</td></tr>%n", r.path("size").asInt(),
                        r.path("direct").asBoolean() ? "" : " (buffered)", r.path("latency_ms").path("p50").asDouble(),
                        r.path("latency_ms").path("p99").asDouble()));
            }
            sb.append("</table>\n");
            if (disk.has("redo_headroom")) {
                sb.append("<p>Carrying the peak redo, one writer at each size:</p><table>\n");
                DiskPage.headroomRows(sb, disk);
                sb.append("</table>\n");
            }
        }
    }

    private static String esc(String s) {
        return Html.esc(s);
    }
}
