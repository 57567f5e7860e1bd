package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.lab.ImpairedLink;
import dev.probe.core.lab.LabLink;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.LabTopology;
import dev.probe.core.lab.LinkMode;
import dev.probe.core.lab.LinkSpec;
import dev.probe.core.lab.Netns;
import dev.probe.core.lab.SweepCampaign;
import dev.probe.core.lab.SweepPlan;
import dev.probe.core.objstore.endpoint.ApiKey;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.JsonStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code probe sweep}'s processes around the campaign: brings the lab link up (netem or the userspace link), starts
 * the server in its namespace, then runs the {@link SweepCampaign} with a {@link SweepClients} that starts each run as
 * a probe process; the link, the server and the lab's state file are gone afterwards, also when the JVM is stopped.
 */
final class Sweep {
    /** The lab link: how it is impaired, its first cell's spec, and the seed of the userspace link's loss draws. */
    record Link(LinkMode mode, LinkSpec start, long seed) {
    }

    /**
     * One sweep, checked by the command: where, the plan, the link, each run's shape, where results go, and whether
     * objstore runs beside bulk.
     */
    record Config(LabTopology topology, SweepPlan plan, Link link, SweepClients.Shape shape, Path out,
            boolean objstore) {
        List<SweepCampaign.Kind> kinds() {
            return objstore ? List.of(SweepCampaign.Kind.BULK, SweepCampaign.Kind.OBJSTORE)
                    : List.of(SweepCampaign.Kind.BULK);
        }
    }

    private final Config config;
    private final SweepProgress progress;
    private final JsonStream stream;

    Sweep(Config config, SweepProgress progress, JsonStream stream) {
        this.config = config;
        this.progress = progress;
        this.stream = stream;
    }

    @SuppressWarnings("try") // the shutdown hook closes the link and the runner when the JVM is stopped mid-sweep
    SweepCampaign.Outcome run() throws Exception {
        Files.createDirectories(config.out().resolve("logs"));
        Path state = LabState.file(config.topology().name());
        try (LabLink lab = config.link().mode().up(config.topology(), config.link().start(), config.link().seed());
             SweepRunner runner = new SweepRunner(lab.topology(), config.out())) {
            Thread cleanup = new Thread(() -> {
                runner.close();
                lab.close();
                deleteQuietly(state); // an interrupted sweep's finally never runs: the file would say "running"
            });
            Runtime.getRuntime().addShutdownHook(cleanup);
            if (lab instanceof ImpairedLink impaired) {
                LabState.write(impaired, ProcessHandle.current().pid(), true);
            }
            SweepCampaign.Outcome outcome = campaign(lab, runner);
            Runtime.getRuntime().removeShutdownHook(cleanup);
            return outcome;
        } finally {
            Files.deleteIfExists(state);
        }
    }

    private SweepCampaign.Outcome campaign(LabLink lab, SweepRunner runner) throws Exception {
        ApiKey key = config.objstore() ? ApiKey.create(config.out().resolve("oci")) : null;
        runner.startServer(key == null ? null : key.authorizedKeys());
        SweepClients clients = new SweepClients(runner, config.plan(), config.topology().serverAddress(),
                config.shape(), key);
        Direction direction = config.plan().direction();
        if (key != null && direction == Direction.RESTORE) {
            lab.reconfigure(lab.spec().withCell(0, 0, direction));
            clients.seedObjects();
        }
        return new SweepCampaign(config.plan(), config.kinds(), lab,
                Netns.congestionControl(lab.topology().clientNamespace()), clients::run, listener()).run();
    }

    /** Each run to the console and, when asked, to the event stream. */
    private SweepCampaign.Listener listener() {
        return new SweepCampaign.Listener() {
            @Override
            public void finished(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, ObjectNode doc) {
                progress.finished(cell, run, kind, doc);
                stream.event("run", doc);
            }

            @Override
            public void failed(SweepPlan.Cell cell, int run, SweepCampaign.Kind kind, String why) {
                progress.failed(cell, run, kind, why);
                stream.event("run_failed", Json.object().put("rtt_ms", cell.rttMs()).put("loss_pct", cell.lossPct())
                        .put("run", run).put("kind", kind.wireName()).put("error", why));
            }
        };
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the JVM is exiting; lab status reports a state whose process is gone as stale
        }
    }
}
