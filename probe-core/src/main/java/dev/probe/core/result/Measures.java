package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The optional measurement blocks shared by summaries and intervals: latency, disk write, TCP. */
final class Measures {
    private Measures() {
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
