package dev.probe.report;

import java.awt.Dimension;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.StringWriter;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.JFreeChart;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A chart drawn as SVG by Apache Batik's SVG generator (Apache-2.0; it replaced JFreeSVG, which is GPLv3): text stays
 * text (searchable, and no fonts embedded), and the element scales with the page through its viewBox.
 */
final class Svg {
    private Svg() {
    }

    /** The {@code <svg>} element of {@code chart} drawn at {@code width} x {@code height}, for inlining in HTML. */
    static String element(JFreeChart chart, int width, int height) throws IOException {
        Document doc;
        try {
            doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IOException("no XML document builder: " + e.getMessage(), e);
        }
        SVGGeneratorContext ctx = SVGGeneratorContext.createDefault(doc);
        ctx.setComment(null);
        ctx.setEmbeddedFontsOn(false);
        SVGGraphics2D g2 = new SVGGraphics2D(ctx, false);
        g2.setSVGCanvasSize(new Dimension(width, height));
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        Element root = g2.getRoot();
        root.setAttribute("viewBox", "0 0 " + width + " " + height);
        StringWriter out = new StringWriter();
        g2.stream(root, out, true, false);
        g2.dispose();
        String svg = out.toString();
        return cssFonts(svg.substring(svg.indexOf("<svg")).strip()); // without Batik's XML declaration and DOCTYPE
    }

    /** Java's logical font names as the CSS generic families a browser knows (Batik keeps 'Dialog'). */
    static String cssFonts(String svg) {
        return svg.replace("font-family:'Dialog'", "font-family:sans-serif")
                .replace("font-family:'SansSerif'", "font-family:sans-serif")
                .replace("font-family:'DialogInput'", "font-family:monospace")
                .replace("font-family:'Monospaced'", "font-family:monospace")
                .replace("font-family:'Serif'", "font-family:serif");
    }

    /** A standalone SVG file's text: the XML declaration, then {@link #element}. */
    static String document(String element) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n";
    }
}
