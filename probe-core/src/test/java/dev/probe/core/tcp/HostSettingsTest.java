package dev.probe.core.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.Handshake;
import dev.probe.core.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 42, point 4: each end's TCP settings, read from /proc/sys, carried in READY, and the lines to raise them. */
class HostSettingsTest {
    @TempDir
    Path proc;

    private void write(String key, String value) throws Exception {
        Path f = proc.resolve(key);
        Files.createDirectories(f.getParent());
        Files.writeString(f, value + "\n");
    }

    private HostSettings debianDefaults() throws Exception {
        write("net/core/rmem_max", "212992");
        write("net/core/wmem_max", "212992");
        write("net/ipv4/tcp_rmem", "4096\t131072\t6291456");
        write("net/ipv4/tcp_wmem", "4096\t16384\t4194304");
        write("net/ipv4/tcp_congestion_control", "cubic");
        write("net/core/default_qdisc", "fq_codel");
        write("net/ipv4/tcp_mtu_probing", "0");
        return HostSettings.read(proc, 9000);
    }

    @Test
    void aHostIsReadAsItsProcSysShowsIt() throws Exception {
        HostSettings h = debianDefaults();
        assertEquals(new HostSettings(212992, 212992, "4096 131072 6291456", "4096 16384 4194304", "cubic",
                "fq_codel", 0, 9000), h);
        assertEquals(6291456, HostSettings.max(h.tcpRmem()));
    }

    @Test
    void onlyTheValuesShortOfTheBufferGetALine() throws Exception {
        List<String> lines = debianDefaults().sysctlLines(5_000_000);
        assertEquals(List.of("sysctl -w net.core.rmem_max=5000000", "sysctl -w net.core.wmem_max=5000000",
                "sysctl -w net.ipv4.tcp_wmem='4096 16384 5000000'"), lines, "tcp_rmem's 6291456 is enough");
        assertEquals(List.of(), debianDefaults().sysctlLines(200_000));
    }

    @Test
    void whatCannotBeReadIsUnknownNotZero() {
        HostSettings none = HostSettings.read(proc.resolve("absent"), 0);
        assertEquals(-1, none.rmemMax());
        assertNull(none.tcpRmem());
        assertEquals(List.of(), none.sysctlLines(10_000_000), "no line for a value not known to be short");
        assertTrue(Handshake.hostJson(none).isEmpty(), "unknown values are left out");
    }

    @Test
    void readyCarriesTheServersSettingsAndBoundsEveryValueItReadsBack() throws Exception {
        HostSettings h = debianDefaults();
        assertEquals(h, Handshake.hostFrom(Handshake.hostJson(h)));
        ObjectNode evil = Handshake.hostJson(h);
        evil.put("tcp_rmem", "4096 131072 6291456; rm -rf /");
        assertThrows(BadParameterException.class, () -> Handshake.hostFrom(evil));
        ObjectNode huge = Handshake.hostJson(h);
        huge.put("mtu_probing", 7);
        assertThrows(BadParameterException.class, () -> Handshake.hostFrom(huge));
        ObjectNode text = Json.object().put("rmem_max", "lots");
        assertThrows(BadParameterException.class, () -> Handshake.hostFrom(text));
    }
}
