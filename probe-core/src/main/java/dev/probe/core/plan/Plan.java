package dev.probe.core.plan;

import dev.probe.core.qualify.RedoLoad;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A Data Guard configuration to qualify, read from {@code qualify --plan FILE} and checked whole ({@link PlanFile}):
 * the redo, the sites, the routes the redo takes (each site's RedoRoutes resolved from the primary outwards), the
 * SYNC commit policy and the outage to catch up after.
 *
 * @param file          the plan's path as the user gave it (for messages)
 * @param redo          the peak redo (one rate, per RAC instance, or from AWR)
 * @param sites         every site, in the plan's order
 * @param routes        the hops the redo takes, breadth first from the primary
 * @param commitBudget  what a commit may wait for its SYNC destinations
 * @param syncLatency   DATA_GUARD_SYNC_LATENCY: how long the log writer waits for the other SYNC destinations after
 *                      the first acknowledges; zero waits for all
 * @param outage        the outage whose backlog must be caught up after (zero: none asked)
 * @param gapConnections the connections gap resolution sends the backlog over, per destination
 * @param notes         rules the plan holds that this configuration does not use (e.g. for after a role change)
 */
public record Plan(String file, RedoLoad redo, List<Site> sites, List<Route> routes, Duration commitBudget,
        Duration syncLatency, Duration outage, int gapConnections, List<String> notes) {

    /** Gap resolution's connections when the plan gives none: LOG_ARCHIVE_MAX_PROCESSES' default archivers. */
    public static final int DEFAULT_GAP_CONNECTIONS = 4;
    /** The most a plan may ask for: MAX_CONNECTIONS' ceiling. */
    public static final int MAX_GAP_CONNECTIONS = 20;

    public Plan {
        sites = List.copyOf(sites);
        routes = List.copyOf(routes);
        notes = List.copyOf(notes);
    }

    /** This plan with {@code budget} for what a commit may wait (qualify's --commit-budget over the YAML's). */
    public Plan withCommitBudget(Duration budget) {
        return new Plan(file, redo, sites, routes, budget, syncLatency, outage, gapConnections, notes);
    }

    /** The site named {@code name}. */
    public Site site(String name) {
        return sites.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no site " + name));
    }

    /** The primary. */
    public Site primary() {
        return sites.stream().filter(s -> s.role() == Site.Role.PRIMARY).findFirst().orElseThrow();
    }

    /** The hops that leave {@code site}. */
    public List<Route> routesFrom(String site) {
        return routes.stream().filter(r -> r.from().equals(site)).toList();
    }

    /** The hops the redo takes from the primary to {@code site}, in order (empty for the primary). */
    public List<Route> hopsTo(String site) {
        List<Route> hops = new ArrayList<>();
        String at = site;
        while (true) {
            String to = at;
            Route in = routes.stream().filter(r -> r.to().equals(to)).findFirst().orElse(null);
            if (in == null) {
                Collections.reverse(hops);
                return hops;
            }
            hops.add(in);
            at = in.from();
        }
    }

    /** The primary's SYNC and FASTSYNC destinations: those every commit waits for. */
    public List<Route> commitWaitsFor() {
        return routesFrom(primary().name()).stream().filter(r -> r.mode().waits()).toList();
    }
}
