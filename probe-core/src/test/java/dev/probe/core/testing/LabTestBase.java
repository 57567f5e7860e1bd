package dev.probe.core.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.Netns;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a test through a lab link shares: the link and its server, brought up on demand and closed after each test.
 * Each lab has namespaces and a subnet of its own, so labs of several test classes run at once, beside the CPU-bound
 * classes; a test that times a sub-millisecond queue on a link the forwarder fills is tagged "serial" (the build runs
 * it alone, after the others).
 */
public abstract class LabTestBase {
    @TempDir
    protected Path dir;
    protected LabServer lab;

    /** Brings up the link (skipping the test where no lab is possible), closing one already up first. */
    protected LabServer up(String prefix, LinkSpec spec) throws Exception {
        assumeTrue(Netns.labPossible(), "needs Linux, root, /dev/net/tun and iproute2");
        down();
        lab = LabServer.up(prefix, spec, dir);
        return lab;
    }

    @AfterEach
    protected void down() {
        if (lab != null) {
            lab.close();
            lab = null;
        }
    }
}
