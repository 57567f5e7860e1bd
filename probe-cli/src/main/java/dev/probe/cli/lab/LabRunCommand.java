package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.common.Signals;
import dev.probe.core.error.UsageException;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.Netns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code probe lab run -- CMD...}: run a command inside one end's namespace, so its traffic crosses the link. Parsing
 * stops at the first positional (set in {@code Main}), so CMD's own options need no {@code --}.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run CMD inside the client (or server) namespace, through the impaired link.",
                "Its traffic to the other end's address crosses the link. Exits with CMD's exit code. Ctrl-C reaches "
                        + "CMD as it would anywhere and lab run waits for it; a SIGINT or SIGTERM sent to lab run alone is "
                        + "passed on to CMD after 3 s, unless CMD (a probe run) took one itself."})
public final class LabRunCommand implements Callable<Integer> {
    @Mixin
    TopologyOptions where;

    @Option(names = "--side", defaultValue = "client", description = "client or server (default: ${DEFAULT-VALUE}).")
    String side;

    @Option(names = "--site", paramLabel = "NAME", description = "In a lab of several sites (lab up --site): the "
            + "site to run in.")
    String site;

    @Parameters(arity = "1..*", paramLabel = "CMD", description = "The command and its arguments.")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        if (!side.equals("client") && !side.equals("server")) {
            throw new UsageException("--side must be client or server, not '" + side + "'");
        }
        String ns = site != null ? siteNamespace() : where.topology().namespace(side.equals("server"));
        if (!Netns.exists(ns)) {
            throw new LabException("namespace " + ns + " does not exist: bring the link up first (probe lab up --name "
                    + where.name + ")");
        }
        Path seen = Files.createTempFile("probe-lab-run-", ".signal");
        try {
            return run(ns, seen);
        } finally {
            Files.deleteIfExists(seen);
        }
    }

    private int run(String ns, Path seen) throws InterruptedException {
        Process p;
        try {
            ProcessBuilder pb = new ProcessBuilder(Netns.execIn(ns, command)).inheritIO();
            pb.environment().put(LabState.ENV, where.name); // probe runs inside check their direction against it
            pb.environment().put(Signals.SEEN_ENV, seen.toString());
            p = pb.start();
        } catch (IOException e) {
            throw new LabException("cannot run ip netns exec: " + e.getMessage());
        }
        Thread passOn = new Thread(() -> stop(p), "probe-lab-run-signal");
        Runtime.getRuntime().addShutdownHook(passOn);
        try (SignalRelay relay = SignalRelay.install(p, seen)) {
            return p.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(passOn);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it stops the command
            }
        }
    }

    /** The namespace of --site in the running lab, or a one-line error naming the sites it has. */
    private String siteNamespace() {
        JsonNode state = LabState.read(where.name).orElseThrow(() -> new LabException(
                "lab '" + where.name + "' is not up (probe lab up --name " + where.name + " --site ...)"));
        if (!LabState.isSites(state)) {
            throw new UsageException("--site " + site + ": lab '" + where.name + "' has two ends; use --side");
        }
        JsonNode s = state.path("sites").path(site);
        if (s.isMissingNode()) {
            List<String> names = new ArrayList<>();
            state.path("sites").fieldNames().forEachRemaining(names::add);
            throw new UsageException("--site " + site + ": not a site of lab '" + where.name + "' (sites: "
                    + String.join(", ", names) + ")");
        }
        return s.path("namespace").asText();
    }

    /**
     * Any other end of this JVM (SIGHUP, an error): the command (ip netns exec replaces itself with CMD, so this is
     * CMD) and its children get SIGTERM, then SIGKILL after 5 s. SIGINT and SIGTERM go through {@link SignalRelay}.
     */
    private static void stop(Process p) {
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
    }
}
