package dev.probe.report;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The pieces the report's single pages share: the head with its style, the inline figures, escaping. */
final class Html {
    private Html() {
    }

    /** The document's start up to and including {@code <body>}. */
    static String head(String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>\n"
                + "<style>body{font-family:sans-serif;margin:2em;max-width:1100px;color:#222}"
                + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;"
                + "text-align:left;vertical-align:top}th{background:#f3f3f3}.PASS{background:#c8e6c9}"
                + ".MARGINAL{background:#ffe0b2}.FAIL{background:#ffcdd2}pre{background:#f6f6f6;padding:8px}"
                + "td.num{text-align:right}"
                + "figure{margin:2em 0}figcaption{color:#555;font-size:90%}svg{max-width:100%;height:auto}</style>"
                + "</head><body>\n";
    }

    /** Each chart inline (its SVG), captioned, with links to its PNG and SVG files. */
    static void figures(StringBuilder sb, Map<String, String> svgs, Map<String, String> captions) {
        svgs.forEach((name, svg) -> sb.append("<figure>").append(inline(name, svg)).append("<figcaption>")
                .append(esc(captions.get(name)))
                .append(" (also <a href=\"").append(name).append(".png\">PNG</a>, <a href=\"").append(name)
                .append(".svg\">SVG</a>)</figcaption></figure>\n"));
    }

    private static final Pattern ID = Pattern.compile("(id=\"|url\\(#|href=\"#)([A-Za-z_][\\w.-]*)");

    /**
     * {@code svg} ready to sit beside other charts in one page: every id it defines and refers to prefixed with
     * {@code name}. The SVG generator numbers each chart's clip paths from 1, and in one HTML document the first
     * chart's {@code clipPath1} would clip every later chart (seen: the SYNC chart cut off after p90, its budget line
     * gone).
     */
    static String inline(String name, String svg) {
        return ID.matcher(svg).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + name + "-" + m.group(2)));
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
