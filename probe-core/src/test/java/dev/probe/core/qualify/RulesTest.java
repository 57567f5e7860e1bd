package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 56: one rule, one place. Every path (a link, a RAC node, a plan's hop, a relayed hop, a catch-up, backups)
 * takes its PASS, MARGINAL or FAIL from {@link Rules}; no other main source decides a status or repeats the keep-up
 * share or the default MSS.
 */
class RulesTest {
    /** A status chosen in a ternary or given to a new verdict: a rule. Comparing a status is not one. */
    private static final Pattern DECIDES = Pattern.compile("[?:]\\s*Verdict\\.Status\\.(PASS|MARGINAL|FAIL)\\b"
            + "|new Verdict\\([^;]*?,\\s*Verdict\\.Status\\.(PASS|MARGINAL|FAIL)\\b");
    private static final Pattern CONSTANTS = Pattern.compile("(?<![\\d.])(0\\.97|1448)(?![\\d])");

    @Test
    void theThresholdsAreRulesOwn() {
        assertTrue(Rules.keepsUp(97, 100));
        assertFalse(Rules.keepsUp(96.9, 100));
        assertEquals(Verdict.Status.FAIL, Rules.carried(100, 100, false), "a lag that grows fails whatever it carried");
        assertEquals(Verdict.Status.PASS, Rules.commit(1, 2, 2));
        assertEquals(Verdict.Status.MARGINAL, Rules.commit(1, 2.1, 2));
        assertEquals(Verdict.Status.FAIL, Rules.commit(2.1, 3, 2));
        assertEquals(Verdict.Status.FAIL, Rules.catchUp(false, true, false));
        assertEquals(Verdict.Status.MARGINAL, Rules.catchUp(true, false, false));
        assertEquals(Verdict.Status.MARGINAL, Rules.catchUp(true, true, true));
        assertEquals(1448, Rules.DEFAULT_MSS);
    }

    @Test
    void noOtherSourceDecidesAStatusOrRepeatsAThreshold() throws IOException {
        List<String> found = new ArrayList<>();
        Path main = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (f.getFileName().toString().equals("Rules.java")) {
                    continue;
                }
                String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
                if (DECIDES.matcher(code).find()) {
                    found.add(main.relativize(f) + " decides a status");
                }
                if ((f.toString().contains("qualify") || f.toString().contains("plan"))
                        && CONSTANTS.matcher(code).find()) {
                    found.add(main.relativize(f) + " repeats 0.97 or 1448");
                }
            }
        }
        assertEquals(List.of(), found, "rules live in qualify.Rules");
    }
}
