package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.ClockOffset;
import dev.probe.core.result.TcpStats;
import dev.probe.core.tcp.HostSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Both ends' TCP settings side by side with what 3 x BDP needs (issue 42, point 4): the primary is where qualify
 * runs (the client), the standby the server, which reports its own in READY. Oracle sets SEND_BUF_SIZE and
 * RECV_BUF_SIZE at both ends, so each end's four buffer caps are held to the one buffer; the {@code sysctl -w}
 * lines name the host they belong on.
 *
 * @param primary the client's settings (null when unknown)
 * @param standby the server's settings (null from a server that does not send them)
 * @param needed  the socket buffer 3 x BDP asks for (0 when none was computed)
 * @param clock   the standby's clock against the primary's (null when the server did not stamp READY)
 */
public record HostTable(HostSettings primary, HostSettings standby, long needed, ClockOffset clock) {
    /** Without a clock reading. */
    public HostTable(HostSettings primary, HostSettings standby, long needed) {
        this(primary, standby, needed, null);
    }

    /** One setting across the two ends; {@code needs} is empty where 3 x BDP sets no bound. */
    public record Row(String setting, String primary, String standby, String needs) {
    }

    /** The hosts the first measured step saw, against {@code m}'s requested buffer; null when none was seen. */
    public static HostTable of(Measured m) {
        return m.steps().stream().map(Measured.StepResult::result)
                .filter(r -> r != null && (r.clientHost() != null || r.serverHost() != null)).findFirst()
                .map(r -> new HostTable(r.clientHost(), r.serverHost(), Math.max(0, m.bufferRequested()), r.clock()))
                .orElse(null);
    }

    /**
     * A qualification's {@code settings}: the sqlnet.ora and sysctl lines to apply, and both hosts' settings beside
     * what 3 x BDP needs ({@code hosts}, when the steps saw them).
     */
    static ObjectNode settingsJson(List<String> sqlnet, List<String> sysctl, Measured m) {
        ObjectNode settings = Json.object();
        sqlnet.forEach(settings.putArray("sqlnet_ora")::add);
        sysctl.forEach(settings.putArray("sysctl")::add);
        HostTable hosts = of(m);
        if (hosts != null) {
            settings.set("hosts", hosts.toJson());
        }
        return settings;
    }

    /** Every setting, primary then standby then what 3 x BDP needs. */
    public List<Row> rows() {
        String bound = needed > 0 ? String.valueOf(needed) : "";
        List<Row> rows = new ArrayList<>();
        rows.add(row("net.core.rmem_max", h -> count(h.rmemMax()), bound));
        rows.add(row("net.core.wmem_max", h -> count(h.wmemMax()), bound));
        rows.add(row("net.ipv4.tcp_rmem (max)", h -> count(HostSettings.max(h.tcpRmem())), bound));
        rows.add(row("net.ipv4.tcp_wmem (max)", h -> count(HostSettings.max(h.tcpWmem())), bound));
        rows.add(row("congestion control", HostSettings::congestion, ""));
        rows.add(row("default qdisc", HostSettings::qdisc, "fq (for pacing)"));
        rows.add(row("tcp_mtu_probing", h -> count(h.mtuProbing()), "1 where ICMP may be filtered"));
        rows.add(row("interface MTU", h -> h.interfaceMtu() > 0 ? String.valueOf(h.interfaceMtu()) : null, ""));
        if (clock != null) {
            rows.add(new Row("clock", "(reference)", clock.describe(), String.format(Locale.ROOT,
                    "within %.0f ms (NTP)", ClockOffset.SKEW_MS)));
        }
        return rows;
    }

    /**
     * What to do when the two clocks differ by more than {@link ClockOffset#SKEW_MS} beyond the reading's
     * uncertainty; null when they agree or were not read.
     */
    public String clockAdvice() {
        if (clock == null || !clock.skewed()) {
            return null;
        }
        return String.format(Locale.ROOT, "the standby's clock is %+.3f s from the primary's: Data "
                + "Guard's lag figures (V$DATAGUARD_STATS) and the redo's timestamps are compared across the two "
                + "hosts, so they are off by as much; synchronise both with NTP (chronyc tracking shows the offset)",
                clock.offsetMs() / 1000);
    }

    /**
     * Why the receive window held a forward stream back, when it mostly did ({@code limited}) and the standby's
     * receive caps are short of the buffer: the caps and the lines that raise them; null otherwise.
     */
    public String receiverShort(TcpStats.Limited limited) {
        if (limited == null || !limited.known() || limited.receiveWindow() < StreamLimit.MOSTLY) {
            return null;
        }
        List<String> receive = standbyLines().stream().filter(l -> l.contains("rmem")).toList();
        if (receive.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "the receive window held the sender back %.0f %% of the time "
                + "data was in flight, and the standby lets a receive buffer grow to at most %d bytes "
                + "(net.core.rmem_max %s, net.ipv4.tcp_rmem max %s), short of the %d bytes 3 x BDP needs: on the "
                + "standby, %s", 100 * limited.receiveWindow(), Math.min(cap(standby.rmemMax()),
                        cap(HostSettings.max(standby.tcpRmem()))), standby.rmemMax(), HostSettings.max(standby
                                .tcpRmem()),
                needed, String.join("; ", receive));
    }

    /**
     * The receive window the standby's autotuning cap allows a forward stream: half its {@code tcp_rmem} max (Linux
     * keeps the other half for its own bookkeeping, {@code tcp_adv_win_scale}); unbounded when unknown. On the lab's
     * 10 ms link a standby capped at 300000 bytes carried 106 Mbit/s, 150 KB a round trip, whatever SO_RCVBUF the
     * server set after accepting.
     */
    public long standbyWindow() {
        long max = standby == null ? -1 : HostSettings.max(standby.tcpRmem());
        return max < 0 ? Long.MAX_VALUE : max / 2;
    }

    private static long cap(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }

    /** The lines to run on the primary for the values short of the buffer. */
    public List<String> primaryLines() {
        return primary == null || needed <= 0 ? List.of() : primary.sysctlLines(needed);
    }

    /** The lines to run on the standby for the values short of the buffer. */
    public List<String> standbyLines() {
        return standby == null || needed <= 0 ? List.of() : standby.sysctlLines(needed);
    }

    /** {@code {"primary": {...}, "standby": {...}, "needed_bytes", "sysctl_primary": [...], "sysctl_standby": [...]}}. */
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        if (primary != null) {
            n.set("primary", Handshake.hostJson(primary));
        }
        if (standby != null) {
            n.set("standby", Handshake.hostJson(standby));
        }
        n.put("needed_bytes", needed);
        if (clock != null) {
            n.set("clock", clock.toJson().put("skewed", clock.skewed()));
        }
        primaryLines().forEach(n.putArray("sysctl_primary")::add);
        standbyLines().forEach(n.putArray("sysctl_standby")::add);
        return n;
    }

    private Row row(String setting, Function<HostSettings, String> value, String needs) {
        return new Row(setting, show(primary, value), show(standby, value), needs);
    }

    private static String show(HostSettings h, Function<HostSettings, String> value) {
        String v = h == null ? null : value.apply(h);
        return v == null ? "?" : v;
    }

    private static String count(long v) {
        return v < 0 ? null : String.valueOf(v);
    }
}
