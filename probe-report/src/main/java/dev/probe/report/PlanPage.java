package dev.probe.report;

import static dev.probe.report.Format.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The page of a configuration's run ({@code probe qualify --plan FILE --out DIR}): {@code plan.html} with the
 * configuration drawn (each site placed by how many hops the redo takes to reach it, each hop a line coloured by its
 * verdict and labelled with its mode, round trip and what it carried), then every verdict with its reasons and every
 * hop's figures. Made from the result document alone (kind {@code plan}).
 */
public final class PlanPage {
    private static final int COLUMN = 420;
    private static final int ROW = 130;
    private static final int BOX_W = 150;
    private static final int BOX_H = 54;
    private static final Map<String, String> COLOURS = Map.of("PASS", "#2e7d32", "MARGINAL", "#ef6c00", "FAIL",
            "#c62828", "INCOMPLETE", "#757575");

    private PlanPage() {
    }

    /** Writes {@code plan.html} into {@code dir} (created when missing); returns it. */
    public static Path write(JsonNode doc, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path html = dir.resolve("plan.html");
        Files.writeString(html, html(doc), StandardCharsets.UTF_8);
        return html;
    }

    private static String html(JsonNode doc) {
        StringBuilder sb = new StringBuilder(Html.head("probe: Data Guard configuration"));
        JsonNode s = doc.path("summary");
        sb.append(fmt("<h1>Data Guard configuration: <span class=\"%1$s\">%1$s</span></h1>%n",
                Html.esc(s.path("overall").asText())));
        JsonNode p = doc.path("params");
        sb.append(fmt("<p>%s: peak redo %.1f MB/s, commit budget %.3f ms, every hop at once within %d s; %s.</p>%n",
                Html.esc(p.path("plan").asText()), p.path("redo_rate_bytes_s").asDouble() / 1e6,
                p.path("commit_budget_ms").asDouble(), p.path("budget_s").asInt(),
                Html.esc(doc.path("started_at").asText())));
        sb.append("<figure>").append(diagram(doc)).append("<figcaption>Each site placed by the hops the redo takes to "
                + "reach it; each hop coloured by its verdict (green PASS, orange MARGINAL, red FAIL).</figcaption>"
                + "</figure>\n<h2>Verdicts</h2>\n<table><tr><th>verdict</th><th>status</th><th>why</th></tr>\n");
        for (JsonNode v : s.path("verdicts")) {
            StringBuilder why = new StringBuilder();
            v.path("reasons").forEach(r -> why.append(Html.esc(r.asText())).append("<br>"));
            sb.append(fmt("<tr><td>%1$s</td><td class=\"%2$s\">%2$s</td><td>%3$s</td></tr>%n",
                    Html.esc(v.path("name").asText()), Html.esc(v.path("status").asText()), why));
        }
        sb.append("</table>\n<h2>Hops</h2>\n<table><tr><th>hop</th><th>mode</th><th>must carry</th><th>carried</th>"
                + "<th>round trip</th><th>commit</th><th>lag at the end</th><th>catch-up</th></tr>\n");
        for (JsonNode h : doc.path("hops")) {
            sb.append(hopRow(h));
        }
        sb.append("</table>\n<p>Made by probe qualify --plan: MB/s in 10<sup>6</sup> bytes; a SYNC hop's writes run "
                + "back to back, so what it carried is what its write size allows.</p></body></html>\n");
        return sb.toString();
    }

    private static String hopRow(JsonNode h) {
        JsonNode c = h.path("catch_up");
        String catchUp = !c.isObject() ? "-" : c.path("formula_s").isNumber()
                ? fmt("%.1f s by the formula%s", c.path("formula_s").asDouble(), c.path("measured_s").isNumber()
                        ? fmt(" (measured %.1f s)", c.path("measured_s").asDouble()) : "")
                : "never";
        return fmt("<tr><td class=\"%s\">%s &rarr; %s</td><td>%s</td><td class=\"num\">%.1f MB/s</td>"
                + "<td class=\"num\">%s</td><td class=\"num\">%s</td><td>%s</td><td>%s</td><td>%s</td></tr>%n",
                Html.esc(h.path("status").asText()), Html.esc(h.path("from").asText()), Html.esc(h.path("to").asText()),
                Html.esc(h.path("mode").asText()), h.path("must_carry_bytes_s").asDouble() / 1e6,
                h.path("carried_bytes_s").isNumber() ? fmt("%.1f MB/s", h.path("carried_bytes_s").asDouble() / 1e6)
                        : "-", h.path("rtt_ms").isNumber() ? fmt("%.3f ms", h.path("rtt_ms").asDouble()) : "-",
                h.path("mode").asText().equals("ASYNC") ? "-" : commit(h, "%s %.3f / p99 "
                        + fmt("%.3f ms", h.at("/commit_ms/p99").asDouble()), "-"),
                h.path("lag").isObject() ? fmt("%.2f s", h.path("lag").path("last_s").asDouble()) : "-", catchUp);
    }

    /** The configuration as SVG: sites as boxes in columns by depth, hops as labelled elbow lines between them. */
    static String diagram(JsonNode doc) {
        Map<String, int[]> at = new HashMap<>();
        Map<Integer, Integer> rows = new HashMap<>();
        int width = 0;
        int height = 0;
        for (JsonNode site : doc.path("sites")) {
            int depth = site.path("depth").asInt();
            int row = rows.merge(depth, 1, Integer::sum) - 1;
            int x = 20 + depth * COLUMN;
            int y = 40 + row * ROW;
            at.put(site.path("name").asText(), new int[] {x, y});
            width = Math.max(width, x + BOX_W + 20);
            height = Math.max(height, y + BOX_H + 20);
        }
        StringBuilder svg = new StringBuilder(fmt(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width,
                height));
        for (JsonNode h : doc.path("hops")) {
            int[] a = at.get(h.path("from").asText());
            int[] b = at.get(h.path("to").asText());
            if (a == null || b == null) {
                continue;
            }
            hop(svg, h, a, b);
        }
        for (JsonNode site : doc.path("sites")) {
            site(svg, site, at.get(site.path("name").asText()));
        }
        return svg.append("</svg>").toString();
    }

    /** One hop from the site at {@code a} to the one at {@code b}: along the source's bus, then level, labelled. */
    private static void hop(StringBuilder svg, JsonNode h, int[] a, int[] b) {
        String colour = COLOURS.getOrDefault(h.path("status").asText(), "#757575");
        int x1 = a[0] + BOX_W;
        int y1 = a[1] + BOX_H / 2;
        int x2 = b[0];
        int y2 = b[1] + BOX_H / 2;
        int bus = x1 + 30; // each site's hops leave along one grey bus, then run level into their destination
        svg.append(fmt("<polyline points=\"%d,%d %d,%d %d,%d\" fill=\"none\" stroke=\"#90a4ae\" "
                + "stroke-width=\"2\"/>%n", x1, y1, bus, y1, bus, y2));
        svg.append(fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>%n", bus, y2,
                x2, y2, colour));
        // the label above the level run into the destination: nothing else crosses it
        svg.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"%s\" font-weight=\"bold\">%s %s</text>%n",
                x2 - 10, y2 - 30, colour, Html.esc(h.path("mode").asText()), Html.esc(h.path("status").asText())));
        svg.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", x2 - 10, y2 - 15,
                Html.esc(label(h))));
    }

    /** One site's box at {@code xy}: its name and its role. */
    private static void site(StringBuilder svg, JsonNode site, int[] xy) {
        svg.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\" fill=\"#f3f6fb\" "
                + "stroke=\"#37474f\"/>%n", xy[0], xy[1], BOX_W, BOX_H));
        svg.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">%s</text>%n",
                xy[0] + BOX_W / 2, xy[1] + 22, Html.esc(site.path("name").asText())));
        svg.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                xy[0] + BOX_W / 2, xy[1] + 40, Html.esc(site.path("role").asText())));
    }

    /**
     * A SYNC hop's commit time by {@code format} (its centre's name, then its value): the p50, or from a RAC primary's
     * nodes the slowest node's mean (the agents report no p50); {@code none} when not measured.
     */
    private static String commit(JsonNode h, String format, String none) {
        JsonNode c = h.path("commit_ms");
        if (!c.isObject()) {
            return none;
        }
        String centre = c.has("mean") ? "mean" : "p50";
        return fmt(format, centre, c.path(centre).asDouble());
    }

    private static String label(JsonNode h) {
        String rtt = h.path("rtt_ms").isNumber() ? fmt("%.1f ms", h.path("rtt_ms").asDouble()) : "RTT -";
        if (!h.path("mode").asText().equals("ASYNC")) {
            return rtt + commit(h, ", commit %s %.2f ms", ", not measured");
        }
        return rtt + (h.path("carried_bytes_s").isNumber() ? fmt(", %.1f of %.1f MB/s", h.path("carried_bytes_s")
                .asDouble() / 1e6, h.path("must_carry_bytes_s").asDouble() / 1e6) : ", not measured");
    }
}
