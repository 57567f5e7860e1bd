package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Ending;
import dev.probe.core.units.CpuUsage;

/** The optional measurement blocks shared by summaries and intervals: latency, disk write, TCP. */
final class Measures {
    private Measures() {
    }

    /**
     * {@code "cpu": {"local": {...}, "remote": {...}}}: each side's process CPU over the run (remote absent where the
     * peer does not report it), as seconds, a percentage of one core, seconds per GiB moved, and starved or not.
     */
    static void putCpu(ObjectNode n, CpuUsage local, CpuUsage remote, long bytes) {
        if (local == null && remote == null) {
            return;
        }
        ObjectNode cpu = n.putObject("cpu");
        putSide(cpu, "local", local, bytes);
        putSide(cpu, "remote", remote, bytes);
    }

    private static void putSide(ObjectNode cpu, String side, CpuUsage u, long bytes) {
        if (u == null) {
            return;
        }
        ObjectNode s = Ending.putCpu(cpu.putObject(side), u).put("percent_of_core", u.percentOfCore());
        double perGib = u.secondsPerGib(bytes);
        if (Double.isNaN(perGib)) {
            s.putNull("s_per_gib");
        } else {
            s.put("s_per_gib", perGib);
        }
        s.put("starved", u.starved());
    }

    /** Adds {@code latency_ms}, {@code disk_write_ms} and {@code tcp} to {@code n}, each only when present. */
    static void put(ObjectNode n, LatencyStats latency, LatencyStats disk, TcpStats tcp) {
        if (latency != null) {
            n.set("latency_ms", latency.toJson());
        }
        if (disk != null) {
            n.set("disk_write_ms", disk.toJson());
        }
        if (tcp != null) {
            n.set("tcp", tcp.toJson());
        }
    }
}
