package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.SelfCommand;
import dev.probe.core.lab.ImpairedLink;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.SiteLayout;
import dev.probe.core.params.Direction;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe lab up}: bring up the userspace impaired link between two namespaces. */
@Command(name = "up", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start the userspace impaired link between namespaces NAME-client and NAME-server: TUN "
                + "devices joined by a forwarder that adds the delay (half each way), loss (data direction), rate cap "
                + "and queue limit, for kernels without netem.",
                "Needs Linux and root. Returns once the link forwards; the forwarder keeps running until 'probe lab "
                        + "down'."})
public final class LabUpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions where;

    @Option(names = "--rtt-ms", converter = Converters.Millis.class,
            defaultValue = "0", description = "Round-trip delay to add, ms (default: ${DEFAULT-VALUE}).")
    double rttMs;

    @Option(names = "--loss-pct", defaultValue = "0",
            description = "Loss in the data direction, %% (default: ${DEFAULT-VALUE}).")
    double lossPct;

    @Option(names = "--direction", defaultValue = "backup",
            description = "Data direction: backup (towards the server) or restore (default: ${DEFAULT-VALUE}).")
    Direction direction;

    @Mixin
    LinkOptions link;

    @Option(names = "--seed", description = "Seed of the loss draws (default: random).")
    Long seed;

    @Option(names = "--foreground", description = "Forward in this process until interrupted.")
    boolean foreground;

    @Option(names = "--site", paramLabel = "NAME", description = {"A site of a lab of more than two (repeat it): "
            + "namespace NAME-SITE; with --link in place of --rtt-ms, --loss-pct and the link options.",
            "e.g. --site prim --site fs1 --site sb1 --link prim:fs1,rtt-ms=1,rate=10gbit --link fs1:sb1,rtt-ms=40,"
                    + "loss-pct=0.1,rate=1gbit"})
    List<String> sites;

    @Option(names = "--link", paramLabel = "A:B[,KEY=VALUE...]", description = "A link between two --site (repeat "
            + "it), its own /30 from --subnet's /24 (default " + SiteLayout.DEFAULT_BASE
            + "): rtt-ms, loss-pct (from A "
            + "to B, the data direction), loss-both, rate, mtu, limit, max-delay-ms, unit-segments (default 3), reorder-pct, police.")
    List<String> links;

    @Override
    public Integer call() throws Exception {
        if (sites != null || links != null) {
            SitesUp up = new SitesUp(spec, where.name, SitesUp.layout(spec, where, sites, links));
            return foreground ? up.forward(seed != null ? seed : System.nanoTime()) : start(up.arguments(seed));
        }
        LinkSpec linkSpec = link.spec(rttMs, lossPct, direction);
        where.topology();
        return foreground ? forward(linkSpec) : spawn(linkSpec);
    }

    private int forward(LinkSpec linkSpec) throws Exception {
        ImpairedLink running = ImpairedLink.up(where.topology(), linkSpec,
                seed != null ? seed : System.nanoTime());
        long pid = ProcessHandle.current().pid();
        return ForwarderLoop.run(spec.commandLine().getOut(), describe(running), running::close,
                running::checkHealthy, up -> LabState.write(running, pid, up));
    }

    static String describe(ImpairedLink l) {
        return String.format(Locale.ROOT, "lab %s up: client %s in %s, server %s in %s; %s",
                l.topology().name(), l.topology().clientAddress(), l.topology().clientNamespace(),
                l.topology().serverAddress(), l.topology().serverNamespace(), l.spec().describe());
    }

    private int spawn(LinkSpec linkSpec) throws Exception {
        List<String> args = new ArrayList<>(List.of("lab", "up", "--foreground", "--name", where.name, "--subnet",
                where.subnet, "--rtt-ms", String.valueOf(rttMs), "--loss-pct", String.valueOf(lossPct), "--direction",
                direction.wireName(), "--mtu", String.valueOf(linkSpec.mtu()), "--limit", String.valueOf(link.limit),
                "--max-delay-ms", String.valueOf(link.maxDelayMs)));
        if (link.rate != null) {
            args.addAll(List.of("--rate", link.rate));
        }
        if (link.lossBoth) {
            args.add("--loss-both");
        }
        if (link.police != null) {
            args.addAll(List.of("--police", link.police));
        }
        args.addAll(List.of("--unit-segments", String.valueOf(linkSpec.unitSegments()), "--reorder-pct",
                String.valueOf(linkSpec.reorderPct()), "--path-mtu", String.valueOf(linkSpec.pathMtu()), "--icmp",
                linkSpec.icmpBlocked() ? "drop" : "pass", "--ecmp-paths", String.valueOf(linkSpec.ecmpPaths()),
                "--ecmp-spread-ms", String.valueOf(linkSpec.ecmpSpreadMs())));
        if (seed != null) {
            args.addAll(List.of("--seed", String.valueOf(seed)));
        }
        return start(args);
    }

    /** Starts the forwarder ({@code args}: probe's own command line with --foreground) and waits until it runs. */
    private int start(List<String> args) throws Exception {
        if (LabState.read(where.name).flatMap(LabState::forwarder).isPresent()) {
            throw new LabException("lab '" + where.name + "' is already up (probe lab down --name " + where.name + ")");
        }
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.addAll(SelfCommand.probe(args));
        Files.createDirectories(LabState.dir());
        Files.deleteIfExists(LabState.file(where.name));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(LabState.log(where.name).toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        new File("/dev/null"))).start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonNode state = LabState.read(where.name).orElse(null);
            if (state != null && state.path("running").asBoolean()) {
                PrintWriter out = spec.commandLine().getOut();
                out.println(Files.readString(LabState.log(where.name)).trim());
                out.println("run commands through it: probe lab run --name " + where.name + (args.contains("--site")
                        ? " --site SITE" : " [--side server]") + " -- CMD...");
                out.flush();
                return ExitCodes.OK;
            }
            if (!p.isAlive()) {
                throw new LabException(SelfCommand.errorLine(LabState.log(where.name),
                        "the forwarder exited with code " + p.exitValue()));
            }
            Thread.sleep(100);
        }
        p.destroy();
        throw new LabException("the forwarder did not come up within 30 s (see " + LabState.log(where.name) + ")");
    }
}
