package dev.probe.core.qualify;

import dev.probe.core.tcp.HostSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Oracle's Data Guard sizing rules as arithmetic (facts: support notes 736755.1 and 2064368.1, MAA's "Best
 * Practices for Synchronous Redo Transport"): required bandwidth from the peak redo rate, the bandwidth-delay
 * product, 3 x BDP socket buffers, the sysctl lines that let the OS grant them, the time to resolve a gap.
 */
public final class Sizing {
    /** The SDU MAA advises for redo transport. */
    public static final int SDU = 65535;
    /** Socket buffers below this are not asked for: a fixed buffer that small would undo Linux autotuning. */
    public static final long MIN_BUFFER = 1L << 20;

    private Sizing() {
    }

    /**
     * F's default: 0.7, the 30 % TCP/IP overhead MAA material uses. Support note 736755.1 writes 0.75 for the same
     * 30 %; 0.7 asks 7 % more bandwidth, so a link sized by it also passes the note's rule (docs/guides/qualify.md).
     */
    public static final double DEFAULT_TCP_EFFICIENCY = 0.7;
    /** F as support note 736755.1 writes it. */
    public static final double NOTE_TCP_EFFICIENCY = 0.75;

    /** Required bandwidth in bit/s: peak redo bytes/s / F x 8, the one place the rule is computed. */
    public static double requiredBitsPerSecond(double peakBytesPerSecond, double tcpEfficiency) {
        return peakBytesPerSecond / tcpEfficiency * 8;
    }

    /** The rule in words with F's source, for every place that prints it: "peak / 0.70 x 8 (F = 0.70: ...)". */
    public static String requiredRule(double tcpEfficiency) {
        String source = tcpEfficiency == DEFAULT_TCP_EFFICIENCY ? "MAA's 30 % TCP/IP overhead; support note 736755.1 "
                + "writes 0.75" : tcpEfficiency == NOTE_TCP_EFFICIENCY ? "support note 736755.1's"
                        : "--tcp-efficiency; MAA material uses 0.70, support note 736755.1 0.75";
        return String.format(Locale.ROOT, "peak / %.2f x 8 (F = %.2f: %s)", tcpEfficiency, tcpEfficiency, source);
    }

    /** Bandwidth-delay product in bytes. */
    public static long bdpBytes(double bitsPerSecond, double rttSeconds) {
        return (long) Math.ceil(bitsPerSecond / 8 * rttSeconds);
    }

    /** SEND_BUF_SIZE / RECV_BUF_SIZE: 3 x BDP, at least {@link #MIN_BUFFER}, at most 512 MiB (probe's cap). */
    public static long socketBuffer(long bdpBytes) {
        return Math.min(512L << 20, Math.max(MIN_BUFFER, 3 * bdpBytes));
    }

    /**
     * True when the OS granted less than {@code requested}: Linux reports twice what it grants (the doubling
     * covers its bookkeeping), so a full grant reads as 2 x requested there.
     */
    public static boolean clamped(long requested, long reported, boolean linux) {
        return granted(reported, linux) < requested;
    }

    /** The buffer the OS granted, from what it reports: Linux reports twice the grant (see {@link #clamped}). */
    public static long granted(long reported, boolean linux) {
        return linux ? reported / 2 : reported;
    }

    /** The sysctl lines that let a socket be granted {@code buffer} bytes, from this host's current values. */
    public static List<String> sysctlLines(long buffer, Path procSys) {
        HostSettings host = HostSettings.read(procSys, 0);
        List<String> lines = new ArrayList<>();
        lines.add("net.core.wmem_max = " + Math.max(buffer, host.wmemMax()));
        lines.add("net.core.rmem_max = " + Math.max(buffer, host.rmemMax()));
        lines.add("net.ipv4.tcp_wmem = " + triple(host.tcpWmem(), "4096 16384", buffer));
        lines.add("net.ipv4.tcp_rmem = " + triple(host.tcpRmem(), "4096 131072", buffer));
        return lines;
    }

    /** Seconds to resolve {@code gapBytes} at {@code carryBytesPerSecond} while redo keeps arriving at the peak. */
    public static double gapSeconds(double gapBytes, double carryBytesPerSecond, double peakBytesPerSecond) {
        double spare = carryBytesPerSecond - peakBytesPerSecond;
        return spare <= 0 ? Double.POSITIVE_INFINITY : gapBytes / spare;
    }

    /** The congestion controls this host's kernel offers (empty where unreadable). */
    public static List<String> congestionControls(Path procSys) {
        try {
            return List.of(HostSettings.procValue(procSys.resolve("net/ipv4/tcp_available_congestion_control")).split(
                    "\\s+"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** {@code triple} (null: not Linux, or unreadable: the kernel's usual first two values) with its max raised. */
    private static String triple(String triple, String lowDefault, long buffer) {
        String low = triple == null ? lowDefault : triple.substring(0, triple.lastIndexOf(' '));
        return String.format(Locale.ROOT, "%s %d", low, Math.max(HostSettings.max(triple), buffer));
    }
}
