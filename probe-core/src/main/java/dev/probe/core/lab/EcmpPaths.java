package dev.probe.core.lab;

import java.util.HashMap;
import java.util.Map;

/**
 * Equal-cost paths as a router spreads flows over them: every packet of a flow (its IPv4 5-tuple) takes one path,
 * so connections that leave by different source ports may take paths of different length. A router hashes the
 * tuple; the lab gives each new flow the next path in turn, so that a test's few connections always cover every
 * path. Used by one direction's reader thread only.
 */
final class EcmpPaths {
    private final int paths;
    private final Map<Long, Integer> taken = new HashMap<>();
    private int next;

    EcmpPaths(int paths) {
        this.paths = paths;
    }

    /** The path of the IP packet of {@code length} bytes at {@code address}: its flow's, or the next for a new one. */
    int path(long address, int length) {
        long flow = FlowPolicer.flow(address, length);
        Integer p = taken.get(flow);
        if (p == null) {
            if (taken.size() >= FlowPolicer.MAX_FLOWS) {
                taken.clear();
            }
            p = next;
            next = (next + 1) % paths;
            taken.put(flow, p);
        }
        return p;
    }
}
