package dev.probe.core.agent;

import java.util.List;

/** One interval of a fan-out run on the merged timeline: all hosts' figures together, and each host's. */
public record MergedInterval(int index, HostInterval all, List<HostInterval> perHost) {
    public double tSeconds() {
        return all.tSeconds();
    }

    public long bytes() {
        return all.bytes();
    }
}
