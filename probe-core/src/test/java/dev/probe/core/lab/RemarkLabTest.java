package dev.probe.core.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.probe.core.client.Egress;
import dev.probe.core.client.Target;
import dev.probe.core.params.Direction;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TestResult;
import dev.probe.core.testing.LabTestBase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 25, point 4: a path that re-marks. The lab link rewrites the DSCP towards the server as a router would; the
 * server reports the class the SYN arrived with, so the client sees its EF became AF11 on the way.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemarkLabTest extends LabTestBase {

    @Test
    void aReMarkedClassShowsInTheServersReport() throws Exception {
        lab = up("prm", LinkSpec.of(2, 0, Direction.BACKUP));
        assertEquals(46, seen(46), "an untouched path keeps EF");
        lab.link().remarkTowardServer(10);
        assertEquals(10, seen(46), "EF re-marked to AF11 on the way");
    }

    private int seen(int dscp) throws Exception {
        Target t = lab.target();
        Target marked = new Target(t.host(), t.port(), t.connectTimeout(), t.timeout(), t.security(), t.transport(),
                new Egress(null, dscp));
        TestParams p = TestParams.builder(Mode.SYNC).length(512).duration(Duration.ofMillis(500))
                .interval(Duration.ofMillis(250)).build();
        TestResult r = lab.inClient(() -> new RedoClient(new RedoConfig(marked, p)).run(RunListener.NONE));
        JsonNode route = r.toJson().path("params").path("route");
        assertEquals(dscp, route.path("dscp").asInt());
        assumeTrue(route.has("syn_dscp_seen"), "this kernel does not save SYNs (TCP_SAVE_SYN)");
        assertTrue(r.summary().messages() > 0);
        return route.path("syn_dscp_seen").asInt();
    }

    @Test
    void theIpv4ChecksumStaysRightAfterTheRewrite() {
        try (Memory m = new Memory(20)) {
            byte[] header = {0x45, (byte) 0xb8, 0x00, 0x54, 0x12, 0x34, 0x40, 0x00, 0x40, 0x06, 0, 0, 10, (byte) 250,
                    77, 1, 10, (byte) 250, 77, 2};
            m.write(0, header, 0, 20);
            Remark.apply(Pointer.nativeValue(m), 20, 10);
            assertEquals(0x28, m.getByte(1) & 0xff, "DSCP 10, ECN 0");
            assertEquals(0, Remark.checksum(m, 20), "a header with its checksum in place sums to zero");
        }
    }
}
