package dev.probe.core.plan;

import dev.probe.core.error.UsageException;
import dev.probe.core.params.RelayParams;
import dev.probe.core.units.Text;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A plan's sites and RedoRoutes checked and resolved into the hops the redo takes: from the primary's LOCAL rules
 * outwards, each site's rules for the source it receives from. Every bad plan is one {@link UsageException} naming
 * the key and the site: no primary, a site without an address, an unknown site, a cycle, a site that forwards redo it
 * never receives, two sources for one destination, a forwarder without an agent, LZO on SYNC.
 */
final class PlanChecks {
    /** The hops, and the rules the configuration does not use as planned (said, not refused). */
    record Resolved(List<Route> routes, List<String> notes) {
    }

    /** Sites a plan may hold: a primary's 30 remote destinations (LOG_ARCHIVE_DEST_2..31) and their cascades. */
    static final int MAX_SITES = 64;
    /** Hops from the primary to its farthest site: a cascade of Far Syncs and standbys is a few deep. */
    static final int MAX_DEPTH = 8;
    /** Characters a refusal prints at most, whatever input it quotes. */
    static final int MESSAGE_MAX = 400;

    private final String where;
    private final Map<String, Site> sites = new LinkedHashMap<>();
    private final Map<String, List<RedoRoutes.Rule>> rules;
    private final Map<String, String> receivesFrom = new LinkedHashMap<>();
    private final Set<RedoRoutes.Rule> used = new HashSet<>();
    private final List<Route> routes = new ArrayList<>();

    private PlanChecks(String where, List<Site> sites, Map<String, List<RedoRoutes.Rule>> rules) {
        this.where = where;
        sites.forEach(s -> this.sites.put(s.name(), s));
        this.rules = rules;
    }

    /** {@code rules} (per shipping site) resolved against {@code sites}; {@code where} prefixes every error. */
    static Resolved resolve(String where, List<Site> sites, Map<String, List<RedoRoutes.Rule>> rules) {
        PlanChecks c = new PlanChecks(where, sites, rules);
        String primary = c.primary();
        c.names();
        c.walk(primary);
        List<String> notes = c.unused(primary);
        c.reached(primary);
        c.relays();
        c.farSyncsForward();
        c.compression();
        return new Resolved(c.routes, notes);
    }

    private String primary() {
        String primary = null;
        for (Site s : sites.values()) {
            if (s.role() == Site.Role.PRIMARY) {
                if (primary != null) {
                    throw error("sites." + s.name(), "a second primary (" + primary + " is one)");
                }
                primary = s.name();
            } else if (s.server() == null) {
                throw error("sites." + s.name() + ".server", "missing: the HOST:PORT of the probe server at "
                        + s.name());
            }
        }
        if (primary == null) {
            throw error("sites", "no site has role: primary");
        }
        if (!rules.containsKey(primary)) {
            throw error("routes." + primary, "missing: the primary's RedoRoutes, e.g. \"(LOCAL : sb1 ASYNC)\"");
        }
        return primary;
    }

    private void names() {
        for (Map.Entry<String, List<RedoRoutes.Rule>> e : rules.entrySet()) {
            String key = "routes." + e.getKey();
            if (!sites.containsKey(e.getKey())) {
                throw error(key, e.getKey() + " is not a site (sites: " + String.join(", ", sites.keySet()) + ")");
            }
            for (RedoRoutes.Rule rule : e.getValue()) {
                for (String source : rule.sources()) {
                    if (!source.equals(RedoRoutes.LOCAL) && !source.equals(RedoRoutes.ANY)
                            && !sites.containsKey(source)) {
                        throw error(key, "source " + source + " is not a site, LOCAL or ANY");
                    }
                }
                for (RedoRoutes.Destination d : rule.destinations()) {
                    if (!sites.containsKey(d.site())) {
                        throw error(key, d.site() + " is not a site (sites: " + String.join(", ", sites.keySet())
                                + ")");
                    }
                    if (d.site().equals(e.getKey())) {
                        throw error(key, e.getKey() + " ships to itself");
                    }
                }
            }
        }
    }

    /** Breadth first from the primary: each site applies its rules for the source it receives from. */
    private void walk(String primary) {
        Deque<List<String>> paths = new ArrayDeque<>();
        paths.add(List.of(primary));
        while (!paths.isEmpty()) {
            List<String> path = paths.poll();
            String site = path.get(path.size() - 1);
            String source = path.size() == 1 ? RedoRoutes.LOCAL : path.get(path.size() - 2);
            for (RedoRoutes.Rule rule : rules.getOrDefault(site, List.of())) {
                if (!rule.sources().contains(source) && !rule.sources().contains(RedoRoutes.ANY)) {
                    continue;
                }
                used.add(rule);
                for (RedoRoutes.Destination d : rule.destinations()) {
                    if (path.size() > MAX_DEPTH && !path.contains(d.site())) {
                        throw error("routes." + site, d.site() + " would be " + path.size() + " hops from the primary"
                                + "; a plan's cascade is at most " + MAX_DEPTH + " deep");
                    }
                    if (path.contains(d.site())) {
                        throw error("routes", "redo goes round in a cycle: " + String.join(" -> ", path) + " -> "
                                + d.site());
                    }
                    String other = receivesFrom.putIfAbsent(d.site(), site);
                    if (other != null) {
                        throw error("routes." + site, d.site() + " already receives the redo from " + other
                                + " (routes." + other + "); a destination takes it from one source");
                    }
                    routes.add(new Route(site, d.site(), d.mode()));
                    List<String> next = new ArrayList<>(path);
                    next.add(d.site());
                    paths.add(next);
                }
            }
        }
    }

    /** Rules never applied: a standby's or the primary's for after a role change are noted; the rest refused. */
    private List<String> unused(String primary) {
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<RedoRoutes.Rule>> e : rules.entrySet()) {
            String name = e.getKey();
            Site site = sites.get(name);
            for (RedoRoutes.Rule rule : e.getValue()) {
                if (used.contains(rule)) {
                    continue;
                }
                boolean local = rule.sources().contains(RedoRoutes.LOCAL);
                if (local && site.role() == Site.Role.STANDBY || !local && name.equals(primary)) {
                    notes.add("routes." + name + ": " + rule.text() + " applies after a role change; not "
                            + "qualified");
                } else if (local) {
                    throw error("routes." + name, rule.text() + ": " + name + " is a " + site.role().label()
                            + " and generates no redo of its own");
                } else {
                    String from = receivesFrom.get(name);
                    throw error("routes." + name, rule.text() + " forwards redo from " + String.join(", ",
                            rule.sources()) + ", but " + (from == null ? "no route ships redo to " + name
                                    : name + " receives it only from " + from));
                }
            }
        }
        return notes;
    }

    private void reached(String primary) {
        for (String name : sites.keySet()) {
            if (!name.equals(primary) && !receivesFrom.containsKey(name)) {
                throw error("sites." + name, "no route ships redo to " + name + " (add it to a RedoRoutes under "
                        + "routes:)");
            }
        }
    }

    private void relays() {
        Map<String, Integer> fanOut = new LinkedHashMap<>();
        for (Route r : routes) {
            int n = fanOut.merge(r.from(), 1, Integer::sum);
            if (n > RelayParams.MAX_NEXT && sites.get(r.from()).role() != Site.Role.PRIMARY) {
                throw error("routes." + r.from(), r.from() + " forwards to more than "
                        + RelayParams.MAX_NEXT + " destinations; a relay (its probe agent) "
                        + "forwards one stream to at most " + RelayParams.MAX_NEXT);
            }
            Site from = sites.get(r.from());
            if (from.role() != Site.Role.PRIMARY && from.agents().isEmpty()) {
                throw error("sites." + from.name() + ".agent", "missing: " + from.name() + " forwards redo to "
                        + r.to() + ", and its relay runs in a probe agent there");
            }
        }
    }

    private void farSyncsForward() {
        for (Site s : sites.values()) {
            if (s.role() == Site.Role.FAR_SYNC && routes.stream().noneMatch(r -> r.from().equals(s.name()))) {
                throw error("routes." + s.name(), "missing: " + s.name() + " is a far-sync, which only forwards "
                        + "redo; give its RedoRoutes, e.g. \"(" + receivesFrom.get(s.name()) + " : sb1 ASYNC)\"");
            }
        }
    }

    private void compression() {
        for (Route r : routes) {
            if (r.mode().waits() && sites.get(r.to()).compression() == Site.Compression.LZO) {
                throw error("sites." + r.to() + ".compression", "lzo is not allowed with " + r.mode().label()
                        + " (routes." + r.from() + " ships to " + r.to() + " " + r.mode().label()
                        + "); use zlib, or ASYNC");
            }
        }
    }

    private UsageException error(String key, String message) {
        return new UsageException(Text.quote(where + ": " + key + ": " + message, MESSAGE_MAX));
    }
}
