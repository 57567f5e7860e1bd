package dev.probe.core.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The running link's state file, {@code /run/probe-lab/NAME.json}: the forwarder's pid, the topology, the
 * impairment and both directions' counters, rewritten every second, so {@code lab status} and {@code lab down}
 * from another shell can find and report it.
 */
public final class LabState {
    /** Where state files live: the PROBE_LAB_STATE environment variable, read at each use, else /run/probe-lab. */
    public static Path dir() {
        return Path.of(System.getenv().getOrDefault("PROBE_LAB_STATE", "/run/probe-lab"));
    }

    private LabState() {
    }

    public static Path file(String name) {
        return dir().resolve(name + ".json");
    }

    public static Path log(String name) {
        return dir().resolve(name + ".log");
    }

    /** Writes the link's state atomically. */
    public static void write(ImpairedLink link, long pid, boolean running) throws IOException {
        LabTopology t = link.topology();
        LinkSpec s = link.spec();
        ObjectNode n = Json.object();
        n.put("pid", pid);
        n.put("running", running);
        n.put("name", t.name());
        n.put("subnet", t.subnet());
        n.put("client_namespace", t.clientNamespace());
        n.put("server_namespace", t.serverNamespace());
        n.put("client_address", t.clientAddress());
        n.put("server_address", t.serverAddress());
        n.put("impairment", s.describe());
        n.put("rtt_ms", s.rttMs());
        n.put("loss_pct", s.lossPct());
        n.put("loss_direction", s.lossBoth() ? "both" : s.direction().wireName());
        n.put("mtu", s.mtu());
        n.put("rate_bps", s.rateBps());
        n.set("to_server", link.counters(true).toJson());
        n.set("to_client", link.counters(false).toJson());
        writeAtomically(t.name(), n);
    }

    /** Writes a lab of several sites' state ({@link SiteLab#state}) atomically. */
    public static void write(SiteLab lab, long pid, boolean running) throws IOException {
        ObjectNode n = Json.object();
        n.put("pid", pid);
        n.put("running", running);
        n.setAll(lab.state());
        writeAtomically(lab.layout().name(), n);
    }

    private static void writeAtomically(String name, ObjectNode n) throws IOException {
        n.put("updated", Instant.now().toString());
        Files.createDirectories(dir());
        Path tmp = dir().resolve(name + ".json.tmp");
        Files.writeString(tmp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(n));
        Files.move(tmp, file(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Whether a state document is a lab of several sites ({@code lab up --site}). */
    public static boolean isSites(JsonNode state) {
        return state.path("kind").asText().equals("sites");
    }

    /** A lab of several sites' namespaces, from its state document. */
    public static List<String> siteNamespaces(JsonNode state) {
        List<String> out = new ArrayList<>();
        state.path("sites").forEach(s -> out.add(s.path("namespace").asText()));
        return out;
    }

    /** A lab of several sites' links, two lines each (one per direction), from its state document. */
    public static String describeSiteLinks(JsonNode state) {
        StringBuilder b = new StringBuilder();
        for (JsonNode l : state.path("links")) {
            String a = l.path("a").asText();
            String z = l.path("b").asText();
            b.append(String.format(Locale.ROOT, "link %s %s - %s %s: %s%n  towards %s: %s%n  towards %s: %s%n",
                    a, l.path("a_address").asText(), z, l.path("b_address").asText(), l.path("impairment").asText(),
                    z, LinkCounters.fromJson(l.path("to_b")).describe(), a,
                    LinkCounters.fromJson(l.path("to_a")).describe()));
        }
        return b.toString().trim();
    }

    /** The environment variable {@code probe lab run} names its lab in, for the command it runs. */
    public static final String ENV = "PROBE_LAB";

    /** The subject of {@link #directionWarning} for a run's own data. */
    public static final String THIS_RUN = "this run's data";

    /**
     * A warning when {@code subject}'s data ({@link #THIS_RUN}, or "the reverse pass of --both-directions") flows
     * {@code data} (backup: towards the server) in lab {@code name} whose loss is on the other direction only, so it
     * meets none of it; null otherwise.
     */
    public static String directionWarning(String name, Direction data, String subject) {
        Optional<JsonNode> state = name == null || name.isBlank() ? Optional.empty() : read(name);
        return state.map(s -> directionWarning(name, s, data, subject)).orElse(null);
    }

    /** {@link #directionWarning(String, Direction, String)} for the lab state {@code state}. */
    static String directionWarning(String name, JsonNode state, Direction data, String subject) {
        if (state.path("loss_pct").asDouble(0) <= 0) {
            return null;
        }
        String lossy = state.path("loss_direction").asText("");
        if (lossy.equals("both") || lossy.isEmpty() || lossy.equals(data.wireName())) {
            return null;
        }
        return "WARNING: lab " + name + " loses packets only towards the " + (lossy.equals("backup") ? "server"
                : "client")
                + " (" + lossy + "), and " + subject + " flows towards the " + (data == Direction.BACKUP ? "server"
                        : "client") + " (" + data.wireName()
                + "): it meets none of the loss and will look faster than the "
                + "link; bring the lab up with --direction " + data.wireName() + " (or --loss-both)";
    }

    /** The state of lab {@code name}, if a state file exists. */
    public static Optional<JsonNode> read(String name) {
        Path f = file(name);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readTree(f.toFile()));
        } catch (IOException e) {
            throw new LabException("cannot read " + f + ": " + e.getMessage());
        }
    }

    /** One line per direction from a state document. */
    public static String describeCounters(JsonNode state) {
        return LabLink.describe(LinkCounters.fromJson(state.path("to_server")).describe(),
                LinkCounters.fromJson(state.path("to_client")).describe());
    }

    /** The forwarder a state document names, while it is running. */
    public static Optional<ProcessHandle> forwarder(JsonNode state) {
        return state.path("running").asBoolean() ? ProcessHandle.of(state.path("pid").asLong())
                .filter(ProcessHandle::isAlive) : Optional.empty();
    }
}
