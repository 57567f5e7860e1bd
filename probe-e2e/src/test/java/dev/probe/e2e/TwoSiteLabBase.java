package dev.probe.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.probe.core.lab.Netns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture of the tests that build the two-site lab through the jar: a lab name and a /30 of their own (taken
 * down after each test, also when it fails). Skipped without root, /dev/net/tun and iproute2, with that reason.
 */
@ExtendWith(TimingPriority.class)
abstract class TwoSiteLabBase {
    @TempDir
    Path dir;
    String name;
    String subnet;
    String serverAddress;
    private final String prefix;
    private final String net;

    /** Labs named {@code prefix}NNNN in {@code net}X.0/30, e.g. "pe" and "10.252.". */
    TwoSiteLabBase(String prefix, String net) {
        this.prefix = prefix;
        this.net = net;
    }

    @BeforeEach
    void requireLab() {
        assumeTrue(Netns.labPossible(), "needs root (CAP_NET_ADMIN), /dev/net/tun and iproute2");
        int n = ThreadLocalRandom.current().nextInt(1000, 9999);
        name = prefix + n;
        subnet = net + (n % 250) + ".0/30";
        serverAddress = net + (n % 250) + ".2";
    }

    @AfterEach
    void down() throws Exception {
        if (name != null) {
            ProbeProcess.start("lab", "down", "--name", name).awaitExit();
        }
    }

    /** {@code probe server --port 0} at the lab's server end. */
    ProbeProcess labServer() throws IOException {
        return ProbeProcess.inLab(List.of("--name", name, "--side", "server"), "server", "--port", "0");
    }

    /** The {@code java} a lab runs probe.jar with inside its namespaces: this JDK's, with the class archive. */
    static String java() {
        return SharedClasses.java();
    }
}
