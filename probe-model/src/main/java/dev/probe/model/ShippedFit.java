package dev.probe.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.DoubleStream;

/**
 * {@link PathModel.Constants} as the build ships them ({@code model-fit.properties}, java.util.Properties: no
 * JSON parser to load on the way to a prediction), every number at full precision (Java's shortest round-trip
 * form), so {@link PathModel#paper} predicts exactly what the report module's fit of the paper's tables would
 * ({@code ShippedFitTest} refits them and fails when this is stale).
 */
public final class ShippedFit {
    /** Where it is. */
    public static final String RESOURCE = "/dev/probe/model/model-fit.properties";

    private ShippedFit() {
    }

    /** The constants as sorted {@code key=value} lines. */
    public static String write(PathModel.Constants c) {
        TreeMap<String, String> p = new TreeMap<>();
        p.put("law", c.lossy().law().name());
        p.put("x", String.join(",", Arrays.stream(c.lossy().x()).mapToObj(Double::toString).toList()));
        p.put("internet_points", Integer.toString(c.internetPoints()));
        errors(p, "internet_errors", c.internetErrors());
        errors(p, "held_out_errors", c.heldOutErrors());
        errors(p, "private_errors", c.privateErrors());
        p.put("eta_1500", Double.toString(c.eta1500()));
        p.put("window_mbit_1500", Double.toString(c.windowMbit1500()));
        p.put("eta_9000", Double.toString(c.eta9000()));
        p.put("window_mbit_9000", Double.toString(c.windowMbit9000()));
        Spread sp = c.spread();
        p.put("spread", String.join(",", DoubleStream.of(sp.rttOut(), sp.rttPerDecade(), sp.lossOut(),
                sp.lossPerDecade(), sp.operationOut(), sp.privateRttOut()).mapToObj(Double::toString).toList()));
        StringWriter out = new StringWriter();
        out.write("# written by ShippedFitTest (-Dprobe.model.write=true) from the paper's tables; do not edit\n");
        p.forEach((k, v) -> out.write(k + "=" + v + "\n"));
        return out.toString();
    }

    /** The shipped constants, or null when the resource is absent. */
    public static PathModel.Constants read() {
        try (InputStream in = ShippedFit.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return read(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static PathModel.Constants read(Properties p) {
        double[] x = numbers(p, "x");
        double[] s = numbers(p, "spread");
        return new PathModel.Constants(new LossyFit(StreamLaw.valueOf(p.getProperty("law")), x),
                Integer.parseInt(p.getProperty("internet_points")), errors(p, "internet_errors"),
                errors(p, "held_out_errors"), number(p, "eta_1500"), number(p, "window_mbit_1500"),
                number(p, "eta_9000"), number(p, "window_mbit_9000"), errors(p, "private_errors"),
                new Spread(s[0], s[1], s[2], s[3], s[4], s[5]));
    }

    private static double[] numbers(Properties p, String key) {
        return Arrays.stream(p.getProperty(key).split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    private static void errors(TreeMap<String, String> p, String name, PathModel.Errors e) {
        p.put(name + ".rows", Integer.toString(e.rows()));
        p.put(name + ".median", Double.toString(e.median()));
        p.put(name + ".mean", Double.toString(e.mean()));
        p.put(name + ".max", Double.toString(e.max()));
    }

    private static PathModel.Errors errors(Properties p, String name) {
        return new PathModel.Errors(Integer.parseInt(p.getProperty(name + ".rows")), number(p, name + ".median"),
                number(p, name + ".mean"), number(p, name + ".max"));
    }

    private static double number(Properties p, String key) {
        return Double.parseDouble(p.getProperty(key));
    }
}
