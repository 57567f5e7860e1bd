package dev.probe.core.lab;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * A running lab of several sites ({@link SiteLayout}): a namespace per site, and per link two TUN devices joined by
 * two {@link Pipe}s (towards the link's second site, the data direction, and back) in this process. Needs Linux,
 * root and the tun driver; {@link #close} stops every pipe and deletes every namespace.
 */
public final class SiteLab implements AutoCloseable {
    private final SiteLayout layout;
    private final List<TunDevice> devices = new ArrayList<>();
    private final List<Pipe[]> pipes = new ArrayList<>();
    private boolean closed;

    private SiteLab(SiteLayout layout) {
        this.layout = layout;
    }

    /** Builds every namespace and link and starts forwarding; on a failure, what was built is taken down. */
    public static SiteLab up(SiteLayout layout, long seed) {
        for (String ns : layout.namespaces()) {
            if (Netns.exists(ns)) {
                throw new LabException("namespace " + ns + " already exists: lab '" + layout.name() + "' is up "
                        + "(probe lab down --name " + layout.name() + ")");
            }
        }
        SiteLab lab = new SiteLab(layout);
        try {
            layout.namespaces().forEach(ImpairedLink::prepareNamespace);
            for (int i = 0; i < layout.links().size(); i++) {
                lab.connect(i, seed + 2L * i);
            }
        } catch (LabException e) {
            lab.close();
            throw e;
        }
        lab.pipes.forEach(p -> {
            p[0].start();
            p[1].start();
        });
        return lab;
    }

    private void connect(int i, long seed) {
        SiteLinkSpec link = layout.links().get(i);
        LinkSpec spec = link.spec();
        TunDevice first = TunDevice.create(layout.device(i, true), spec.aggregates());
        devices.add(first);
        TunDevice second = TunDevice.create(layout.device(i, false), spec.aggregates());
        devices.add(second);
        ImpairedLink.attach(layout.namespace(link.a()), first.name(), layout.address(i, true), spec);
        ImpairedLink.attach(layout.namespace(link.b()), second.name(), layout.address(i, false), spec);
        pipes.add(new Pipe[] {
                new Pipe("to-" + link.b(), first, second, spec.toward(true), spec.mtu(), seed),
                new Pipe("to-" + link.a(), second, first, spec.toward(false), spec.mtu(), seed + 1)});
    }

    public SiteLayout layout() {
        return layout;
    }

    /** Throws when a forwarding thread died. */
    public void checkHealthy() {
        for (int i = 0; i < pipes.size(); i++) {
            for (Pipe p : pipes.get(i)) {
                if (p.failure() != null) {
                    SiteLinkSpec l = layout.links().get(i);
                    throw new LabException("link " + l.a() + ":" + l.b() + " stopped forwarding: "
                            + p.failure().getMessage());
                }
            }
        }
    }

    /**
     * The state {@code lab status} reads: each site's namespace and its address on each link, each link's impairment
     * and both directions' counters.
     */
    public ObjectNode state() {
        ObjectNode n = Json.object();
        n.put("kind", "sites");
        n.put("name", layout.name());
        n.put("subnet", layout.base());
        ObjectNode sites = n.putObject("sites");
        for (String s : layout.sites()) {
            ObjectNode site = sites.putObject(s);
            site.put("namespace", layout.namespace(s));
            ObjectNode addresses = site.putObject("addresses");
            for (String peer : layout.sites()) {
                String a = layout.addressOf(s, peer);
                if (a != null && !peer.equals(s)) {
                    addresses.put(peer, a);
                }
            }
        }
        ArrayNode links = n.putArray("links");
        for (int i = 0; i < layout.links().size(); i++) {
            SiteLinkSpec l = layout.links().get(i);
            ObjectNode link = links.addObject();
            link.put("a", l.a()).put("b", l.b()).put("a_address", layout.address(i, true))
                    .put("b_address", layout.address(i, false)).put("impairment", l.spec().describe()
                            .replace("towards the server (backup)", "towards " + l.b()))
                    .put("rtt_ms", l.spec().rttMs()).put("loss_pct", l.spec().lossPct())
                    .put("rate_bps", l.spec().rateBps());
            link.set("to_b", pipes.size() > i ? pipes.get(i)[0].counters().toJson() : Json.object());
            link.set("to_a", pipes.size() > i ? pipes.get(i)[1].counters().toJson() : Json.object());
        }
        return n;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        pipes.forEach(Pipe::stopAll);
        devices.forEach(TunDevice::close);
        Netns.deleteAll(layout.namespaces().toArray(String[]::new));
    }
}
