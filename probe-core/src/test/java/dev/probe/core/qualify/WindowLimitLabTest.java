package dev.probe.core.qualify;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.lab.LinkSpec;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoClient;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.testing.LabTestBase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 25, point 5: TCP_INFO's chronograph through a 20 ms, 40 Mbit/s lab link whose queue holds one BDP (a deeper
 * queue lets any window at the link's rate fill it, and the window then bounds the flight at full speed): 64 KiB
 * buffers leave the sender receive-window limited most of the time, 3 x BDP leaves the window out of it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WindowLimitLabTest extends LabTestBase {
    private static final long CAP_BPS = 40_000_000;
    private static final long BDP = CAP_BPS / 8 * 20 / 1000;

    @BeforeEach
    void up() throws Exception {
        lab = up("pwt", LinkSpec.builder().rttMs(20).rateBps(CAP_BPS).limit((int) (BDP / 1500)).build());
    }

    @Test
    void tcpInfoSaysWhenTheReceiveWindowHoldsTheStreamBack() throws Exception {
        TcpStats.Limited small = limited(64 << 10);
        TcpStats.Limited tuned = limited(3 * BDP);
        System.out.printf("sender limited at 20 ms, 40 Mbit/s: 64 KiB buffers: %s; 3 x BDP (%d bytes): %s%n",
                small.describe(), 3 * BDP, tuned.describe());
        assertTrue(small.receiveWindow() > 0.5, "64 KiB: " + small.describe());
        assertTrue(tuned.receiveWindow() < 0.05, "3 x BDP: " + tuned.describe());
    }

    private TcpStats.Limited limited(long sockbuf) throws Exception {
        TestParams p = TestParams.builder(Mode.ASYNC).length(1 << 20).duration(Duration.ofSeconds(4)).sockbuf(sockbuf)
                .warmup(Duration.ofSeconds(1)).build();
        RedoConfig c = new RedoConfig(lab.target(), p);
        TestResult r = lab.inClient(() -> new RedoClient(c).run(RunListener.NONE));
        assertTrue(r.summary().tcp() != null && r.summary().tcp().limited().known(), "TCP_INFO's chronograph read");
        return r.summary().tcp().limited();
    }
}
