package dev.probe.core.lab;

/**
 * The userspace impaired link: the client and server namespaces of a {@link LabTopology}, joined through their
 * TUN devices by two {@link Pipe}s (towards the server, towards the client) that impose a {@link LinkSpec}.
 * Needs Linux, root and the tun driver. {@link #close} stops the pipes and deletes the namespaces.
 */
public final class ImpairedLink implements LabLink {
    private final LabTopology topology;
    private final TunDevice clientEnd;
    private final TunDevice serverEnd;
    private final Pipe toServer;
    private final Pipe toClient;
    private volatile LinkSpec spec;
    private boolean closed;

    private ImpairedLink(LabTopology topology, LinkSpec spec, TunDevice clientEnd, TunDevice serverEnd, long seed) {
        this.topology = topology;
        this.spec = spec;
        this.clientEnd = clientEnd;
        this.serverEnd = serverEnd;
        this.toServer = new Pipe("to-server", clientEnd, serverEnd, spec.toward(true), spec.mtu(), seed);
        this.toClient = new Pipe("to-client", serverEnd, clientEnd, spec.toward(false), spec.mtu(), seed + 1);
    }

    /** Creates the namespaces and devices, addresses them, and starts forwarding. */
    public static ImpairedLink up(LabTopology topology, LinkSpec spec, long seed) {
        Netns.requireAbsent(topology);
        TunDevice client = TunDevice.create(topology.clientDevice(), spec.aggregates());
        TunDevice server;
        try {
            server = TunDevice.create(topology.serverDevice(), spec.aggregates());
        } catch (LabException e) {
            client.close();
            throw e;
        }
        ImpairedLink link = new ImpairedLink(topology, spec, client, server, seed);
        try {
            link.configure(false, topology.clientAddress());
            link.configure(true, topology.serverAddress());
        } catch (LabException e) {
            link.close();
            throw e;
        }
        link.toServer.start();
        link.toClient.start();
        return link;
    }

    private void configure(boolean server, String address) {
        String ns = topology.namespace(server);
        prepareNamespace(ns);
        attach(ns, server ? topology.serverDevice() : topology.clientDevice(), address, spec);
    }

    /** Makes namespace {@code ns} as a lab end: loopback up, IPv6 off (quiet), CUBIC by default. */
    static void prepareNamespace(String ns) {
        Netns.run("ip", "netns", "add", ns);
        Netns.run("ip", "-n", ns, "link", "set", "dev", "lo", "up");
        try {
            Netns.runIn(ns, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1");
        } catch (LabException e) {
            // a kernel without IPv6: nothing to quiet
        }
        Netns.defaultCubic(ns);
    }

    /** Moves TUN device {@code dev} into {@code ns} with {@code address}/30, sized for {@code spec}, and brings it up. */
    static void attach(String ns, String dev, String address, LinkSpec spec) {
        Netns.run("ip", "link", "set", "dev", dev, "netns", ns);
        Netns.run("ip", "-n", ns, "addr", "add", address + "/30", "dev", dev);
        Netns.run("ip", "-n", ns, "link", "set", "dev", dev, "mtu", String.valueOf(spec.mtu()), "txqueuelen", "10000",
                "up");
        if (spec.aggregates()) {
            Netns.run("ip", "-n", ns, "link", "set", "dev", dev, "gso_max_segs", String.valueOf(spec.unitSegments()));
        }
    }

    @Override
    public LinkMode mode() {
        return LinkMode.USERSPACE;
    }

    @Override
    public String describeCounters() {
        return LabLink.describe(counters(true).describe(), counters(false).describe());
    }

    @Override
    public LabTopology topology() {
        return topology;
    }

    @Override
    public LinkSpec spec() {
        return spec;
    }

    /** Changes delay, loss and rate for packets arriving from now on (the queue limit stays as built). */
    @Override
    public void reconfigure(LinkSpec next) {
        if (next.mtu() != spec.mtu() || next.unitSegments() != spec.unitSegments()
                || next.ecmpPaths() != spec.ecmpPaths()) {
            throw new LabException("the MTU, the unit and the equal-cost paths cannot change on a running link");
        }
        toServer.reconfigure(next.toward(true));
        toClient.reconfigure(next.toward(false));
        spec = next;
    }

    /**
     * Re-marks every packet towards the server with {@code dscp} from now on (-1: stops), as a router on the path
     * that rewrites the class: the server's report of the DSCP a SYN arrived with then differs from what was sent.
     */
    public void remarkTowardServer(int dscp) {
        toServer.reconfigure(spec.toward(true).remarking(dscp));
    }

    /** Counters of the direction towards the server ({@code true}) or the client. */
    public LinkCounters counters(boolean towardServer) {
        return towardServer ? toServer.counters() : toClient.counters();
    }

    /** Throws when a forwarding thread died. */
    @Override
    public void checkHealthy() {
        for (Pipe p : new Pipe[] {toServer, toClient}) {
            if (p.failure() != null) {
                throw new LabException("the link stopped forwarding: " + p.failure().getMessage());
            }
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Pipe.stopAll(toServer, toClient);
        clientEnd.close();
        serverEnd.close();
        Netns.deleteAll(topology.clientNamespace(), topology.serverNamespace());
    }
}
