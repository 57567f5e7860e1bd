package dev.probe.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.lab.Netns;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture of the tests that build a lab of several sites through the jar: a lab name of their own (taken down
 * after each test, also when it fails), and commands run inside a site. Skipped without root, /dev/net/tun and
 * iproute2, with that reason.
 */
@ExtendWith(TimingPriority.class)
abstract class SiteLabBase {
    @TempDir
    Path dir;
    String name;

    @BeforeEach
    void requireLab() {
        assumeTrue(Netns.labPossible(), "needs root (CAP_NET_ADMIN), /dev/net/tun and iproute2");
        name = "ps" + ThreadLocalRandom.current().nextInt(1000, 9999);
    }

    @AfterEach
    void down() throws Exception {
        if (name != null) {
            ProbeProcess.start("lab", "down", "--name", name).awaitExit();
        }
    }

    /** {@code probe ARGS...} run inside {@code site}, as {@code lab run --site} runs it. */
    ProbeProcess inSite(String site, String... probeArgs) throws Exception {
        return ProbeProcess.inLab(List.of("--name", name, "--site", site), probeArgs);
    }
}
