package dev.probe.core.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.client.HostPort;
import dev.probe.core.error.UsageException;
import dev.probe.core.qualify.AwrCsv;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Rate;
import dev.probe.core.units.Text;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@code qualify --plan FILE}: YAML (Jackson's YAML format over SnakeYAML) with the keys {@code redo},
 * {@code sites}, {@code routes}, {@code sync} and {@code outage}, into one checked {@link Plan}. Every bad key or
 * value is one line naming the file, the key and the site; an unknown key is refused, not ignored.
 */
public final class PlanFile {
    /** A plan larger than this is not a plan. */
    public static final long MAX_BYTES = 1 << 20;
    private static final Set<String> TOP = Set.of("redo", "sites", "routes", "sync", "outage", "gap-connections");
    private static final Set<String> SITE = Set.of("role", "server", "agent", "agents", "compression", "backup");
    private static final Set<String> BACKUP = Set.of("log-switch", "ratio", "channels");
    private static final Set<String> SYNC = Set.of("commit-budget", "data-guard-sync-latency");

    /** A site's name: a DB_UNIQUE_NAME's characters (and - and .), so it prints as written. */
    private static final Pattern SITE_NAME = Pattern.compile("[A-Za-z0-9_$#.-]{1,30}");
    /** The lowest redo rate a plan may give: 1 KB/s, below any database's peak. */
    static final double MIN_REDO = 1000;
    /** The shortest duration a plan may give (log switch, outage, commit budget): below it a figure is a typo. */
    static final Duration MIN_DURATION = Duration.ofMillis(1);
    /** The shortest log switch: Oracle advises one every 15-20 minutes. */
    static final Duration MIN_LOG_SWITCH = Duration.ofSeconds(1);

    private final Path file;
    private final String where;

    private PlanFile(Path file) {
        this.file = file;
        this.where = "--plan " + file;
    }

    /** The plan in {@code file}; a server or agent written without a port gets {@code defaultPort}. */
    public static Plan read(Path file, int defaultPort) throws IOException {
        return new PlanFile(file).plan(defaultPort);
    }

    private Plan plan(int defaultPort) throws IOException {
        JsonNode root = PlanYaml.read(file, where);
        keys(root, "", TOP);
        RedoLoad redo = redo(required(root, "redo"));
        JsonNode sitesNode = required(root, "sites");
        if (!sitesNode.isObject() || sitesNode.isEmpty()) {
            throw error("sites", "a map of site names to {role: ..., server: HOST:PORT}");
        }
        if (sitesNode.size() > PlanChecks.MAX_SITES) {
            throw error("sites", sitesNode.size() + " sites; a plan holds at most " + PlanChecks.MAX_SITES
                    + " (a primary's 30 remote destinations and their cascades)");
        }
        List<Site> sites = new ArrayList<>();
        sitesNode.fields().forEachRemaining(e -> sites.add(site(e.getKey(), e.getValue(), defaultPort)));
        JsonNode routesNode = required(root, "routes");
        if (!routesNode.isObject() || routesNode.isEmpty()) {
            throw error("routes", "a map of shipping sites to their RedoRoutes, e.g. prim: \"(LOCAL : sb1 ASYNC)\"");
        }
        Map<String, List<RedoRoutes.Rule>> rules = new LinkedHashMap<>();
        routesNode.fields().forEachRemaining(e -> rules.put(e.getKey(), RedoRoutes.parse(where + ": routes."
                + e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString())));
        JsonNode sync = root.path("sync");
        if (!sync.isMissingNode()) {
            keys(sync, "sync.", SYNC);
        }
        Duration budget = duration(sync.path("commit-budget"), "sync.commit-budget", "2ms", false, MIN_DURATION);
        Duration latency = duration(sync.path("data-guard-sync-latency"), "sync.data-guard-sync-latency", "0ms", true,
                MIN_DURATION);
        Duration outage = duration(root.path("outage"), "outage", "0s", true, MIN_DURATION);
        int gap = gapConnections(root.path("gap-connections"));
        PlanChecks.Resolved resolved = PlanChecks.resolve(where, sites, rules);
        racNodes(sites, redo);
        return new Plan(file.toString(), redo, sites, resolved.routes(), budget, latency, outage, gap,
                resolved.notes());
    }

    /** A RAC primary's agents are its nodes, instance i on node i: one rate per node. */
    private void racNodes(List<Site> sites, RedoLoad redo) {
        for (Site s : sites) {
            if (s.role() == Site.Role.PRIMARY && !s.agents().isEmpty()
                    && redo.instancePeaks().size() != s.agents().size()) {
                throw error("sites." + s.name() + ".agents", s.agents().size() + " agent(s), the RAC nodes, but redo: "
                        + "gives " + Math.max(1, redo.instancePeaks().size()) + " instance rate(s); give one rate per "
                        + "node, in the nodes' order, e.g. redo: [35MB/s, 25MB/s]");
            }
        }
    }

    private int gapConnections(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return Plan.DEFAULT_GAP_CONNECTIONS;
        }
        if (!node.isInt() || node.asInt() < 1 || node.asInt() > Plan.MAX_GAP_CONNECTIONS) {
            throw error("gap-connections", "'" + node.asText() + "' is not a whole number from 1 to "
                    + Plan.MAX_GAP_CONNECTIONS + " (MAX_CONNECTIONS' range)");
        }
        return node.asInt();
    }

    private RedoLoad redo(JsonNode node) throws IOException {
        if (node.isObject()) {
            keys(node, "redo.", Set.of("awr"));
            JsonNode awr = required(node, "awr");
            Path csv = file.toAbsolutePath().getParent().resolve(awr.asText());
            try {
                return AwrCsv.read(csv);
            } catch (UsageException e) {
                throw error("redo.awr", e.getMessage().replaceFirst("^--awr ", ""));
            }
        }
        List<Double> rates = new ArrayList<>();
        Iterator<JsonNode> values = node.isArray() ? node.elements() : List.of(node).iterator();
        while (values.hasNext()) {
            JsonNode v = values.next();
            double rate;
            try {
                rate = Rate.parse(v.isValueNode() ? v.asText() : v.toString()).bytesPerSecond();
            } catch (UsageException e) {
                throw error("redo", e.getMessage());
            }
            if (rate < MIN_REDO) {
                throw error("redo", "'" + Text.quote(v.asText()) + "' is below 1 KB/s, the least a plan may give");
            }
            rates.add(rate);
        }
        if (rates.isEmpty()) {
            throw error("redo", "empty; write 45MB/s, [35MB/s, 25MB/s] per RAC instance, or {awr: redo.csv}");
        }
        return rates.size() == 1 ? RedoLoad.given(rates.get(0)) : RedoLoad.given(rates);
    }

    private Site site(String name, JsonNode node, int defaultPort) {
        String key = "sites." + name;
        if (!SITE_NAME.matcher(name).matches()) {
            throw error(key, "a site's name is 1-30 letters, digits, _, $, #, - or . (its DB_UNIQUE_NAME)");
        }
        if (!node.isObject()) {
            throw error(key, "a map such as {role: standby, server: HOST:PORT}");
        }
        keys(node, key + ".", SITE);
        String roleText = required(node, "role", key).asText();
        Site.Role role;
        try {
            role = Site.Role.valueOf(roleText.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw error(key + ".role", "'" + roleText + "' is not primary, far-sync, standby or recovery-appliance");
        }
        HostPort server = node.has("server") ? hostPort(node.get("server"), key + ".server", defaultPort) : null;
        List<HostPort> agents = new ArrayList<>();
        if (node.has("agent") && node.has("agents")) {
            throw error(key, "give agent: or agents:, not both");
        }
        JsonNode a = node.has("agent") ? node.get("agent") : node.path("agents");
        Iterator<JsonNode> each = a.isArray() ? a.elements() : a.isMissingNode() ? List.<JsonNode> of().iterator()
                : List.of(a).iterator();
        each.forEachRemaining(n -> agents.add(hostPort(n, key + (node.has("agent") ? ".agent" : ".agents"),
                defaultPort)));
        String compressionText = node.path("compression").asText("none");
        Site.Compression compression;
        try {
            compression = Site.Compression.valueOf(compressionText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(key + ".compression", "'" + compressionText + "' is not none, zlib or lzo");
        }
        return new Site(name, role, server, agents, compression, backup(node.path("backup"), key, role));
    }

    /** A Recovery Appliance's {@code backup:} (its defaults when absent); null for every other role. */
    private Site.Backup backup(JsonNode node, String key, Site.Role role) {
        if (role != Site.Role.RECOVERY_APPLIANCE) {
            if (!node.isMissingNode()) {
                throw error(key + ".backup", "only a recovery-appliance takes archived-log backups");
            }
            return null;
        }
        if (node.isMissingNode() || node.isNull()) {
            return Site.Backup.DEFAULT;
        }
        if (!node.isObject()) {
            throw error(key + ".backup", "a map such as {log-switch: 20m, ratio: 0.4, channels: 2}");
        }
        keys(node, key + ".backup.", BACKUP);
        Duration every = duration(node.path("log-switch"), key + ".backup.log-switch", "20m", false,
                MIN_LOG_SWITCH);
        JsonNode r = node.path("ratio");
        if (!r.isMissingNode() && (!r.isNumber() || !(r.asDouble() > 0 && r.asDouble() <= 1))) {
            throw error(key + ".backup.ratio", "'" + r.asText() + "' is not a ratio above 0 and at most 1 (the "
                    + "compressed backup's size over the log's)");
        }
        JsonNode c = node.path("channels");
        if (!c.isMissingNode() && (!c.isInt() || c.asInt() < 1 || c.asInt() > Site.Backup.MAX_CHANNELS)) {
            throw error(key + ".backup.channels", "'" + c.asText() + "' is not a whole number from 1 to "
                    + Site.Backup.MAX_CHANNELS + " (SBT channels; Oracle advises 2-4)");
        }
        return new Site.Backup(every, r.isMissingNode() ? Double.NaN : r.asDouble(),
                c.isMissingNode() ? Site.Backup.DEFAULT.channels() : c.asInt());
    }

    private HostPort hostPort(JsonNode node, String key, int defaultPort) {
        try {
            return HostPort.parse(node.asText(), defaultPort);
        } catch (UsageException e) {
            throw error(key, e.getMessage());
        }
    }

    /**
     * {@code key}'s duration ({@code otherwise} when absent), refused when negative, zero unless allowed, or below
     * {@code least}.
     */
    private Duration duration(JsonNode node, String key, String otherwise, boolean zeroAllowed, Duration least) {
        Duration d;
        try {
            d = Durations.parse(node.isMissingNode() || node.isNull() ? otherwise : node.asText());
        } catch (UsageException e) {
            throw error(key, e.getMessage());
        }
        if (d.isNegative() || d.isZero() && !zeroAllowed) {
            throw error(key, "'" + Text.quote(node.asText()) + "' must be above 0");
        }
        if (!d.isZero() && d.compareTo(least) < 0) {
            throw error(key, "'" + Text.quote(node.asText()) + "' is below " + Durations.describe(least)
                    + ", the least a plan may give");
        }
        return d;
    }

    private void keys(JsonNode node, String prefix, Set<String> allowed) {
        node.fieldNames().forEachRemaining(k -> {
            if (!allowed.contains(k)) {
                throw error(prefix + k, "unknown key (" + prefix.replaceAll("\\.$", "") + (prefix.isEmpty() ? ""
                        : " ") + "takes " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        });
    }

    private JsonNode required(JsonNode node, String key) {
        return required(node, key, "");
    }

    private JsonNode required(JsonNode node, String key, String parent) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw error(parent.isEmpty() ? key : parent + "." + key, "missing");
        }
        return v;
    }

    private UsageException error(String key, String message) {
        return new UsageException(Text.quote(where + ": " + key + ": " + message, PlanChecks.MESSAGE_MAX));
    }
}
