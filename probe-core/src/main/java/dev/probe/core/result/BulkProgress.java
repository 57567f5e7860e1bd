package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;

/**
 * One interval of a bulk run as the client saw it: bytes moved in the interval and so far, pieces done out of
 * the total (-1 by duration), and the estimated time left (NaN when unknown).
 */
public record BulkProgress(double tSeconds, long bytes, long totalBytes, double gbps, double mibS, long piecesDone,
        long piecesTotal, double etaSeconds, TcpStats tcp) implements JsonDocument {
    @Override
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("t_s", tSeconds);
        n.put("bytes", bytes);
        n.put("total_bytes", totalBytes);
        n.put("throughput_gbps", gbps);
        n.put("throughput_mib_s", mibS);
        n.put("pieces_done", piecesDone);
        if (piecesTotal >= 0) {
            n.put("pieces_total", piecesTotal);
        }
        if (!Double.isNaN(etaSeconds)) {
            n.put("eta_s", etaSeconds);
        }
        if (tcp != null) {
            n.set("tcp", tcp.toJson());
        }
        return n;
    }
}
