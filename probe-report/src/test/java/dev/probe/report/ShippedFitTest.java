package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.model.PathModel;
import dev.probe.model.ShippedFit;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The fit {@code report predict} reads ({@code model-fit.properties}) is the fit of the shipped tables today:
 * refitted here and compared key by key. Regenerate it with
 * {@code mvn -pl probe-report test -Dtest=ShippedFitTest -Dprobe.model.write=true}.
 */
class ShippedFitTest {
    private static final Path FILE = Path.of("../probe-model/src/main/resources" + ShippedFit.RESOURCE);

    @Test
    void theShippedFitIsTheFitOfTheShippedTables() throws IOException {
        String fresh = ShippedFit.write(ThroughputModel.fit(PaperData.load()).constants());
        if (Boolean.getBoolean("probe.model.write")) {
            Files.writeString(FILE, fresh);
        }
        Properties now = properties(fresh);
        Properties shipped = properties(Files.readString(FILE));
        assertEquals(now.keySet(), shipped.keySet(), "stale: regenerate (see the Javadoc)");
        for (String key : now.stringPropertyNames()) {
            String[] a = now.getProperty(key).split(",");
            String[] b = shipped.getProperty(key).split(",");
            assertEquals(a.length, b.length, key);
            for (int i = 0; i < a.length; i++) {
                if (a[i].matches("-?[0-9.]+(E-?[0-9]+)?")) {
                    double f = Double.parseDouble(a[i]);
                    // the last bits of exp and log vary by CPU: a part in a million is the same fit
                    assertTrue(Math.abs(f - Double.parseDouble(b[i])) <= 1e-6 * Math.max(1, Math.abs(f)),
                            key + ": " + b[i] + " shipped, " + a[i] + " fitted now: regenerate (see the Javadoc)");
                } else {
                    assertEquals(a[i], b[i], key + " is stale: regenerate (see the Javadoc)");
                }
            }
        }
        PathModel.Prediction p = ThroughputModel.paper().predict(40, 0.1, 35, 1448, 1, 20_000_000_000_000L);
        PathModel.Prediction q = ThroughputModel.fit(PaperData.load()).predict(40, 0.1, 35, 1448, 1,
                20_000_000_000_000L);
        assertEquals(q.minutes(), p.minutes(), 1e-6 * q.minutes());
        assertEquals(q.band(), p.band(), 1e-9);
    }

    private static Properties properties(String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        return p;
    }
}
