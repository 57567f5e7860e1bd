package dev.probe.core.lab;

/**
 * An impaired link between a lab's client and server namespaces, whichever way it is made: the userspace
 * forwarder ({@link ImpairedLink}) or tc netem on a veth pair ({@link NetemLink}).
 */
public interface LabLink extends AutoCloseable {
    LabTopology topology();

    LinkSpec spec();

    /** Applies a new cell's delay, loss and rate (same MTU). */
    void reconfigure(LinkSpec next);

    /** What the link did so far, one line per direction. */
    String describeCounters();

    /** Throws a {@link LabException} when the link stopped working. */
    void checkHealthy();

    /** How this link is impaired. */
    LinkMode mode();

    @Override
    void close();

    /** The two-line counters report: one line per direction. */
    static String describe(String towardServer, String towardClient) {
        return "towards the server: " + towardServer + System.lineSeparator() + "towards the client: " + towardClient;
    }
}
