package dev.probe.core.plan;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.probe.core.error.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes {@code qualify --plan FILE} (issue 57): any bytes as a plan, YAML or not. The only allowed failure is the
 * one-line {@link UsageException} naming {@code --plan}, at most a few hundred characters with no control character
 * in it; a plan that passes is whole (a primary, every site reached) and within the caps.
 */
class PlanFileFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void plans(byte[] input) throws Exception {
        Path file = Files.createTempFile("probe-fuzz-plan", ".yaml");
        try {
            Files.write(file, input);
            Plan plan = PlanFile.read(file, 5555);
            if (plan.sites().size() > PlanChecks.MAX_SITES || plan.routes().size() != plan.sites().size() - 1) {
                throw new IllegalStateException("a plan past its caps, or a site reached twice: " + plan);
            }
            plan.sites().forEach(s -> plan.hopsTo(s.name()));
        } catch (UsageException expected) {
            String m = expected.getMessage();
            if (m == null || !m.startsWith("--plan ") || m.chars().anyMatch(c -> c < 0x20)
                    || m.length() > PlanChecks.MESSAGE_MAX + file.toString().length() + 40) {
                throw new IllegalStateException("not a short one-line error naming --plan: " + m, expected);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
