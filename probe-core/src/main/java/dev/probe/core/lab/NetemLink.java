package dev.probe.core.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * The lab link made the paper's way, for kernels with sch_netem: a veth pair between the client and server
 * namespaces, with a netem qdisc on each end's egress (half the RTT each, loss on the data direction's end,
 * rate when capped, the queue limit of {@link LinkSpec#limitPackets}).
 */
public final class NetemLink implements LabLink {
    private final LabTopology topology;
    private volatile LinkSpec spec;
    private boolean closed;

    private NetemLink(LabTopology topology, LinkSpec spec) {
        this.topology = topology;
        this.spec = spec;
    }

    /** True when this kernel can run netem (tried on the loopback device of a throwaway namespace). */
    public static boolean available() {
        return Netns.works("probe-netem-check", "tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms");
    }

    /** Creates the namespaces and the veth pair, and applies {@code spec}. */
    public static NetemLink up(LabTopology topology, LinkSpec spec) {
        Netns.requireAbsent(topology);
        NetemLink link = new NetemLink(topology, spec);
        try {
            Netns.run("ip", "netns", "add", topology.clientNamespace());
            Netns.run("ip", "netns", "add", topology.serverNamespace());
            Netns.run("ip", "link", "add", topology.clientDevice(), "netns", topology.clientNamespace(), "type", "veth",
                    "peer", "name", topology.serverDevice(), "netns", topology.serverNamespace());
            for (boolean server : new boolean[] {false, true}) {
                String ns = topology.namespace(server);
                String dev = server ? topology.serverDevice() : topology.clientDevice();
                Netns.run("ip", "-n", ns, "link", "set", "dev", "lo", "up");
                Netns.run("ip", "-n", ns, "addr", "add", (server ? topology.serverAddress() : topology.clientAddress())
                        + "/30", "dev", dev);
                Netns.run("ip", "-n", ns, "link", "set", "dev", dev, "mtu", String.valueOf(spec.mtu()), "up");
                Netns.defaultCubic(ns);
            }
            link.reconfigure(spec);
        } catch (LabException e) {
            link.close();
            throw e;
        }
        return link;
    }

    @Override
    public void reconfigure(LinkSpec next) {
        apply(topology.clientNamespace(), topology.clientDevice(), next.toward(true), next.limitPackets());
        apply(topology.serverNamespace(), topology.serverDevice(), next.toward(false), next.limitPackets());
        spec = next;
    }

    private static void apply(String ns, String dev, Impairment imp, int limit) {
        if (imp.policeBps() > 0) {
            throw new LabException("a per-flow policer (--police) needs the userspace link (--impair userspace): "
                    + "netem has none");
        }
        if (imp.ecmpPaths() > 1) {
            throw new LabException("equal-cost paths (--ecmp-paths) need the userspace link (--impair userspace)");
        }
        if (imp.pathMtu() > 0) {
            throw new LabException("a path MTU (--path-mtu) needs the userspace link (--impair userspace): netem has "
                    + "none");
        }
        List<String> cmd = new ArrayList<>(NetemPlan.netem(dev, imp.delayNanos() / 1e6, imp.loss() * 100,
                imp.rateBps(), limit));
        if (imp.reorder() > 0) { // netem's own: that share goes at once, overtaking the delayed ones
            cmd.addAll(cmd.size() - 2, List.of("reorder", LinkSpec.trim(imp.reorder() * 100) + "%"));
        }
        Netns.run(Netns.execIn(ns, cmd).toArray(String[]::new));
    }

    @Override
    public String describeCounters() {
        return LabLink.describe(stats(topology.clientNamespace(), topology.clientDevice()),
                stats(topology.serverNamespace(), topology.serverDevice()));
    }

    private static String stats(String ns, String dev) {
        try {
            return Netns.runIn(ns, "tc", "-s", "qdisc", "show", "dev", dev).lines().map(String::trim)
                    .filter(l -> l.startsWith("Sent")).findFirst().orElse("(no statistics)");
        } catch (LabException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    @Override
    public void checkHealthy() {
        if (!Netns.exists(topology.clientNamespace()) || !Netns.exists(topology.serverNamespace())) {
            throw new LabException("the lab's namespaces are gone");
        }
    }

    @Override
    public LinkMode mode() {
        return LinkMode.NETEM;
    }

    @Override
    public LabTopology topology() {
        return topology;
    }

    @Override
    public LinkSpec spec() {
        return spec;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            Netns.deleteAll(topology.clientNamespace(), topology.serverNamespace());
        }
    }
}
