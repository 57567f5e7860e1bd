package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.Netns;
import dev.probe.core.testing.LabServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class with one lab for all its tests: two namespaces this test creates, joined by an impaired link that
 * starts as {@link #start()}, a probe server in one. Runs as root where /dev/net/tun exists; skipped with that reason
 * elsewhere.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OneLab {
    @TempDir
    static Path dir;
    LabServer lab;

    /** The namespaces' prefix, unique per class. */
    abstract String prefix();

    /** The link the lab starts with. */
    abstract LinkSpec start();

    @BeforeAll
    void up() throws Exception {
        assumeTrue(Netns.labPossible(), "needs Linux, root, /dev/net/tun and iproute2");
        lab = LabServer.up(prefix(), start(), dir);
    }

    @AfterAll
    void down() {
        if (lab != null) {
            lab.close();
        }
    }
}
