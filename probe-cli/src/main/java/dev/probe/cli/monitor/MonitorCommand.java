package dev.probe.cli.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ConnectOptions;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.core.client.AllowedTargets;
import dev.probe.core.client.Target;
import dev.probe.core.error.UsageException;
import dev.probe.core.monitor.Baseline;
import dev.probe.core.monitor.Monitor;
import dev.probe.core.monitor.MonitorConfig;
import dev.probe.core.monitor.MonitorMetrics;
import dev.probe.core.monitor.MonitorServer;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonStream;
import dev.probe.core.server.Fatal;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code probe monitor STANDBY}: keep watching a qualified link with light checks, for Prometheus. */
@Command(name = "monitor", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Keep watching a link: a SYNC check at the redo write size every --every and a short "
                + "single-stream check every --stream-every (at most --duty-cap of the time), against an ordinary "
                + "probe server; the series at http://LISTEN/metrics for Prometheus (prefix dgprobe_).",
                "Also /probe?target=HOST:PORT&module=sync|stream: one check per scrape of each standby a Prometheus "
                        + "config lists (Prometheus's multi-target pattern), for --allow-targets only. With --baseline each "
                        + "check is judged as probe qualify judged the link (dgprobe_verdict_status); the alert rules are in "
                        + "the bundle's share/prometheus.",
                "Runs until Ctrl-C or SIGTERM; a failed check is counted and logged, and the next one tries again."})
public final class MonitorCommand implements Callable<Integer> {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "STANDBY_HOST",
            description = "The standby's probe server, checked on the schedule below. Leave it out to serve /probe "
                    + "only (then --allow-targets is required).")
    String host;

    @Mixin
    ConnectOptions connect;

    @Option(names = "--every", defaultValue = "1m", converter = Converters.Time.class,
            description = "How often the SYNC check runs (default: ${DEFAULT-VALUE}).")
    Duration every;

    @Option(names = "--stream-every", defaultValue = "15m", converter = Converters.Time.class,
            description = "How often the single-stream check runs (default: ${DEFAULT-VALUE}).")
    Duration streamEvery;

    @Option(names = "--duty-cap", defaultValue = "0.01", paramLabel = "SHARE",
            description = "The most of the wall time the stream check may load the link (default: ${DEFAULT-VALUE} "
                    + "= 1 %%; its length is this share of --stream-every, 0.5 s to 10 s).")
    double dutyCap;

    @Option(names = "--redo-write-size", defaultValue = "32KiB", converter = Converters.Size.class,
            paramLabel = "SIZE", description = "The SYNC check's message size (default: ${DEFAULT-VALUE}; with one "
                    + "--baseline, the size it qualified).")
    long writeSize;

    @Option(names = "--sync-length", defaultValue = "3s", converter = Converters.Time.class,
            description = "How long each SYNC check runs (default: ${DEFAULT-VALUE}).")
    Duration syncLength;

    @Option(names = "--listen", defaultValue = "127.0.0.1:9464", paramLabel = "ADDR:PORT",
            description = "Where /metrics is served (default: ${DEFAULT-VALUE}; port 0 picks a free one).")
    String listen;

    @Option(names = "--baseline", paramLabel = "QUALIFY.json",
            description = "A probe qualify --json result: judge each check as it judged the link (commit budget, "
                    + "required bandwidth, lag growth) in dgprobe_verdict_status. Repeat for /probe targets: each "
                    + "file judges the server it qualified.")
    List<Path> baselineFiles = new ArrayList<>();

    @Option(names = "--allow-targets", split = ",", paramLabel = "HOST|ADDR[/BITS]",
            description = "Where /probe?target= may send checks: host names (as written), addresses, CIDR ranges "
                    + "(default: STANDBY_HOST only); at --port, or a --baseline standby's port, only.")
    List<String> allowTargets;

    @Mixin
    JsonStreamOption events;

    @Override
    public Integer call() throws Exception {
        events.check();
        if (host == null && allowTargets == null) {
            throw new UsageException("monitor: give a STANDBY_HOST to watch, or --allow-targets to serve "
                    + "/probe?target= only");
        }
        List<Baseline> baselines = baselineFiles.stream().map(Baseline::read).toList();
        boolean sizeGiven = spec.commandLine().getParseResult().hasMatchedOption("--redo-write-size");
        Target template = connect.target(host == null ? "localhost" : host);
        MonitorConfig config = new MonitorConfig(host == null ? null : template, every, streamEvery, dutyCap,
                sizeGiven || baselines.size() != 1 ? writeSize : baselines.get(0).writeSize(), syncLength, baselines);
        AllowedTargets allowed = AllowedTargets.of("--allow-targets", allowTargets == null ? List.of(host)
                : allowTargets);
        InetSocketAddress listenAt = listenAddress();
        InetAddress address = listenAt.getAddress();
        int port = listenAt.getPort();
        PrintWriter out = events.console(spec);
        Fatal.install(line -> say(out, line)); // left running on database hosts: an OutOfMemoryError ends it, exit 70
        MonitorMetrics metrics = new MonitorMetrics();
        try (JsonStream stream = events.open();
             MonitorServer http = MonitorServer.start(metrics, address, port, config, template, allowed,
                     line -> say(out, line), event(stream));
             Interrupts interrupts = Interrupts.install()) {
            stream.start("monitor", host == null ? null : host + ":" + connect.port, Json.object()
                    .put("every_s", every.toMillis() / 1000.0).put("stream_every_s", streamEvery.toMillis() / 1000.0)
                    .put("duty_cap", dutyCap).put("write_size", config.writeSize())
                    .put("sync_length_s", syncLength.toMillis() / 1000.0).put("allow_targets", allowed.toString()));
            String at = "http://" + address.getHostAddress() + ":" + http.port();
            baselines.forEach(b -> say(out, "baseline for " + b.standby() + " (qualified " + b.qualifiedAt()
                    + "): commit budget " + b.commitBudgetSeconds() * 1000 + " ms, one stream must carry "
                    + Math.round(b.requiredBytesPerSecond() * 8 / 1e5) / 10.0 + " Mbit/s"));
            if (host == null) {
                say(out, "serving " + at + "/probe?target=HOST:PORT&module=sync|stream for --allow-targets "
                        + allowed + "; own series at " + at + "/metrics");
                interrupts.stop().await();
                return stopped(out, stream, interrupts);
            }
            say(out, "monitoring " + host + ":" + connect.port + ": SYNC " + config.writeSize() + "-byte messages for "
                    + syncLength.toMillis() / 1000.0 + " s every " + every.toSeconds() + " s, one stream for "
                    + config.streamLength().toMillis() / 1000.0 + " s every " + streamEvery.toSeconds() + " s; "
                    + "metrics at " + at + "/metrics, /probe for " + allowed);
            new Monitor(config, metrics, line -> say(out, line), event(stream)).run(interrupts.stop());
            return stopped(out, stream, interrupts);
        }
    }

    /** {@code --listen} as ADDR:PORT (port 0: any free one). */
    private InetSocketAddress listenAddress() {
        UsageException notAddrPort = new UsageException("--listen: '" + listen
                + "' is not ADDR:PORT (e.g. 127.0.0.1:9464)");
        int colon = listen.lastIndexOf(':');
        try {
            InetAddress address = InetAddress.getByName(listen.substring(0, Math.max(0, colon)));
            int port = Integer.parseInt(listen.substring(colon + 1));
            if (colon <= 0 || port < 0 || port > 65_535) {
                throw notAddrPort;
            }
            return new InetSocketAddress(address, port);
        } catch (UnknownHostException | NumberFormatException e) {
            throw notAddrPort;
        }
    }

    private int stopped(PrintWriter out, JsonStream stream, Interrupts interrupts) {
        say(out, "stopped: " + interrupts.stop().reason());
        stream.event("end", Json.object().put("stopped", interrupts.stop().reason()));
        JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
        return ExitCodes.OK;
    }

    private static Consumer<ObjectNode> event(JsonStream stream) {
        return e -> stream.event("check", e);
    }

    private static void say(PrintWriter out, String line) {
        synchronized (out) {
            out.println("(" + LocalTime.now().format(CLOCK) + ") " + line);
            out.flush();
        }
    }
}
