package dev.probe.core.tcp;

import io.netty.channel.Channel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One host's settings that bound a TCP stream, as {@code /proc/sys} shows them to this process (its network
 * namespace): the socket buffer caps ({@code net.core.rmem_max}/{@code wmem_max}), autotuning's triples
 * ({@code net.ipv4.tcp_rmem}/{@code tcp_wmem}), the default congestion control and qdisc, {@code tcp_mtu_probing},
 * and the MTU of the interface the test uses. -1 or null where unreadable.
 *
 * @param tcpRmem the {@code min default max} triple, as the kernel prints it
 */
public record HostSettings(long rmemMax, long wmemMax, String tcpRmem, String tcpWmem, String congestion,
        String qdisc, int mtuProbing, int interfaceMtu) {

    /** What a triple may look like (three counts), checked where one arrives from the network. */
    public static final Pattern TRIPLE = Pattern.compile("\\d{1,12} \\d{1,12} \\d{1,12}");
    /** A congestion control's or qdisc's name. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9_]{1,15}");

    /** This process's view of its host, the test leaving by an interface of {@code interfaceMtu} (0: unknown). */
    public static HostSettings read(Path procSys, int interfaceMtu) {
        return new HostSettings(number(procSys, "net/core/rmem_max"), number(procSys, "net/core/wmem_max"),
                text(procSys, "net/ipv4/tcp_rmem", TRIPLE), text(procSys, "net/ipv4/tcp_wmem", TRIPLE),
                text(procSys, "net/ipv4/tcp_congestion_control", NAME), text(procSys, "net/core/default_qdisc", NAME),
                (int) number(procSys, "net/ipv4/tcp_mtu_probing"), interfaceMtu);
    }

    /** The MTU of the interface {@code ch} is bound to (its local address), or 0 when unknown. */
    public static int interfaceMtu(Channel ch) {
        try {
            InetSocketAddress local = (InetSocketAddress) ch.localAddress();
            NetworkInterface nic = NetworkInterface.getByInetAddress(local.getAddress());
            return nic == null ? 0 : nic.getMTU();
        } catch (SocketException | RuntimeException e) {
            return 0; // closed, or the address left the host meanwhile
        }
    }

    /** The third value of a triple (what autotuning may grow a buffer to), -1 when unknown. */
    public static long max(String triple) {
        return triple == null ? -1 : Long.parseLong(triple.substring(triple.lastIndexOf(' ') + 1));
    }

    /**
     * The {@code sysctl -w} lines that let this host's sockets reach {@code buffer} bytes both ways (Oracle sets
     * SEND_BUF_SIZE and RECV_BUF_SIZE at both ends), for the values short of it; empty when none is (or unknown).
     */
    public List<String> sysctlLines(long buffer) {
        List<String> lines = new ArrayList<>();
        if (rmemMax >= 0 && rmemMax < buffer) {
            lines.add("sysctl -w net.core.rmem_max=" + buffer);
        }
        if (wmemMax >= 0 && wmemMax < buffer) {
            lines.add("sysctl -w net.core.wmem_max=" + buffer);
        }
        raised("net.ipv4.tcp_rmem", tcpRmem, buffer, lines);
        raised("net.ipv4.tcp_wmem", tcpWmem, buffer, lines);
        return lines;
    }

    private static void raised(String key, String triple, long buffer, List<String> lines) {
        if (triple != null && max(triple) < buffer) {
            lines.add("sysctl -w " + key + "='" + triple.substring(0, triple.lastIndexOf(' ')) + " " + buffer + "'");
        }
    }

    private static long number(Path procSys, String key) {
        try {
            return Long.parseLong(procValue(procSys.resolve(key)));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String text(Path procSys, String key, Pattern allowed) {
        try {
            String v = procValue(procSys.resolve(key)).replaceAll("\\s+", " ");
            return allowed.matcher(v).matches() ? v : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A /proc/sys value (read by lines: Files.readString can stop short on procfs, whose files report no size). */
    public static String procValue(Path file) throws IOException {
        return String.join(" ", Files.readAllLines(file)).trim();
    }
}
