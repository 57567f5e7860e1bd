package dev.probe.core.agent;

/** One interval of a fan-out run on the merged timeline: its end since the start, all hosts' bytes, each host's. */
public record MergedInterval(int index, double tSeconds, long bytes, long[] perHost) {
}
