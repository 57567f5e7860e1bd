package dev.probe.cli.redo;

import static dev.probe.core.units.Text.fmt;

import dev.probe.cli.common.CpuLine;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.IntervalSample;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.RunListener;
import dev.probe.core.result.Summary;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Sizes;
import java.io.PrintWriter;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Prints a test the way oratcptest does (request block, ready line, interval lines, summary), plus percentiles. */
final class ConsoleReport implements RunListener {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final PrintWriter out;
    private final boolean sync;
    private final boolean reverse;
    private boolean tcpColumns;
    private boolean headerPrinted;
    private int sentDscp = -1;

    ConsoleReport(PrintWriter out, TestParams params) {
        this.out = out;
        this.sync = params.mode() == Mode.SYNC;
        this.reverse = params.reverse();
    }

    /** The request block, printed before connecting. */
    void printRequest(RedoConfig config) {
        TestParams p = config.params();
        out.println("[Requesting a test]");
        setting("Message payload", Sizes.describe(p.length()));
        setting("Payload content type", p.payload().describe());
        setting("Delay between messages", "NO");
        setting("Number of connections", String.valueOf(p.numConn()));
        setting("Socket send buffer", p.sockbuf() == 0 ? "(system default)" : p.sockbuf() + " bytes");
        setting("Transport mode", p.mode().name() + (p.reverse() ? " REVERSE (the server sends, this host receives)"
                : ""));
        setting("Disk write", p.write() ? "YES" : "NO");
        setting("Statistics interval", Durations.describe(p.interval()));
        setting("Test duration", Durations.describe(p.duration()));
        setting("Warm-up", p.warmup().isZero() ? "NO" : Durations.describe(p.warmup()));
        setting("Test frequency", p.openLoop() ? fmt("%.1f messages/s (open loop)", p.rate()) : "NO");
        setting("Network Timeout", Durations.describe(config.target().timeout()));
        if (!config.target().route().describe().isEmpty()) {
            setting("Route", config.target().route().describe());
        }
        sentDscp = config.target().route().dscp();
        out.println("\t(1 Mbyte = 1024x1024 bytes)");
        out.println();
        out.flush();
    }

    private void setting(String name, String value) {
        out.println(fmt("\t%-22s = %s", name, value));
    }

    @Override
    public void onReady(Ready ready, int sndbufGranted) {
        out.println("(" + now() + ") The server is ready.");
        if (ready.synTos() >= 0 && (sentDscp >= 0 || ready.synTos() != 0)) {
            int seen = ready.synTos() >> 2;
            out.println(fmt("(%s) The server received our SYN with DSCP %d%s.", now(), seen, sentDscp < 0 ? ""
                    : seen == sentDscp ? " (as sent)" : " (sent " + sentDscp + ": re-marked on the way)"));
        }
        out.flush();
    }

    @Override
    public void onInterval(IntervalSample s) {
        if (!headerPrinted) {
            tcpColumns = s.tcp() != null || reverse; // reversed, the server's first TCP frame may come after a tick
            printColumns();
        }
        StringBuilder line = new StringBuilder(fmt("(%s)%15.3f Mbytes/s", now(), s.throughputMibS()));
        if (sync) {
            LatencyStats l = s.latency();
            line.append(l == null ? fmt("%20s   %13s   ", "-", "-") : fmt("%20.3f ms%13.3f ms", l.avg(), l.p99()));
        }
        if (tcpColumns) {
            line.append(s.tcp() != null ? fmt("%11.3f ms%8d", s.tcp().rttMs(), s.tcp().retransmits())
                    : fmt("%14s%8s", "-", "-"));
        }
        if (s.warmup()) {
            line.append("  (warm-up)");
        }
        out.println(line);
        out.flush();
    }

    private void printColumns() {
        headerPrinted = true;
        StringBuilder h = new StringBuilder(fmt("%10s%24s", "", sync ? "Throughput (ACKed)" : reverse
                ? "Throughput (received)" : "Throughput (sent)"));
        if (sync) {
            h.append(fmt("%23s%16s", "Latency", "p99"));
        }
        if (tcpColumns) {
            h.append(fmt("%14s%8s", reverse ? "server's RTT" : "TCP RTT", "Retrans")); // reversed: the sender's
        }
        out.println(h);
    }

    /**
     * TCP_INFO's figures: RTT, retransmits, what held the sender back, a path MTU below the interface's, reordering.
     */
    private void tcpRows(TestResult r, Summary s) {
        TcpStats t = s.tcp();
        if (t != null) {
            if (reverse) {
                row("TCP_INFO", "the server's socket, which sent: the sender holds RTT, retransmits and its limits");
            }
            row("TCP RTT", fmt("%.3f ms (min %.3f ms), cwnd %d, %s", t.rttMs(), t.minRttMs(), t.cwnd(),
                    t.congestion() == null ? "unknown" : t.congestion()));
            row("Retransmits", Double.isNaN(t.retransmitRatio()) ? String.valueOf(t.retransmits())
                    : fmt("%d of %d segments (%.4f %%)", t.retransmits(), t.segmentsSent(), 100 * t.retransmitRatio()));
            if (t.limited() != null && t.limited().known()) { // the sender's chronograph (reversed: the server's)
                row("Sender limited by", t.limited().describe());
            }
            for (String warning : new String[] {t.pathMtuWarning(s.interfaceMtu()), t.reorderingWarning(r.host())}) {
                if (warning != null) {
                    row("WARNING", warning);
                }
            }
        } else {
            row("TCP_INFO", "unavailable (" + r.transport() + " transport)");
        }
    }

    @Override
    public void onFinished(TestResult r) {
        Summary s = r.summary();
        out.println("(" + now() + ") Test " + (r.incomplete() == null ? "finished." : "INCOMPLETE: " + r.incomplete()
                + "; the figures cover what was measured until then."));
        row("Socket send buffer", s.sndbufAtEnd() == s.sndbufGranted() ? s.sndbufGranted() + " bytes"
                : s.sndbufGranted() + " bytes at the start, " + s.sndbufAtEnd() + " at the end (autotuned)");
        row("Server receive buffer", s.serverRcvbufGranted() + " bytes");
        if (reverse) {
            row("Avg. throughput", fmt("%.3f Mbytes/s (receiver goodput: what this client counted after warm-up; "
                    + "the interval lines)", s.throughputMibS()));
            row("Sender throughput", fmt("%.3f Mbytes/s (written by the server after warm-up)",
                    s.senderThroughputMibS()));
        } else {
            row("Avg. throughput", s.bytesReceived() < 0 ? "unknown (the server's counts never came back)"
                    : fmt("%.3f Mbytes/s (receiver goodput: what the server counted after warm-up)", s
                            .throughputMibS()));
            row("Sender throughput", fmt("%.3f Mbytes/s (%s by this client after warm-up; the interval lines)",
                    s.senderThroughputMibS(), sync ? "ACKed" : "written"));
        }
        row("Messages", fmt("%d (%.1f/s)", s.messages(), s.messagesPerS()));
        if (s.latency() != null) {
            latencyRows("latency", s.latency());
        }
        if (s.disk() != null) {
            latencyRows("disk write", s.disk());
            LatencyStats l = s.latency();
            LatencyStats d = s.disk();
            row("Commit time shares p50", fmt("network %.3f ms + standby disk %.3f ms = %.3f ms", l.p50() - d.p50(),
                    d.p50(), l.p50()));
            row("Commit time shares p99", fmt("network %.3f ms + standby disk %.3f ms = %.3f ms", l.p99() - d.p99(),
                    d.p99(), l.p99()));
        }
        tcpRows(r, s);
        row("Load", s.openLoop() ? fmt("open loop, %.1f messages/s", r.params().rate())
                + " (latency from intended send time)" : "closed loop");
        CpuLine.of(s.cpu(), reverse ? "receiver" : "sender", s.serverCpu(), reverse ? "sender" : "receiver",
                s.bytesReceived()).forEach(out::println);
        out.flush();
    }

    private void latencyRows(String what, LatencyStats l) {
        row("Avg. " + what, fmt("%.3f ms", l.avg()));
        row("p50/p90/p99 " + what, fmt("%.3f / %.3f / %.3f ms", l.p50(), l.p90(), l.p99()));
        row("p99.9/max " + what, fmt("%.3f / %.3f ms", l.p999(), l.max()));
    }

    private void row(String label, String value) {
        out.println(fmt("%29s = %s", label, value));
    }

    private static String now() {
        return LocalTime.now().format(CLOCK);
    }

}
