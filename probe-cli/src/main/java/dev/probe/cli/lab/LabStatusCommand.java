package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabState;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe lab status}: the running link's impairment and counters. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show the userspace link's impairment and counters.")
public final class LabStatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions where;

    @Option(names = "--json", description = "Print the lab's state document (each site's address on each link, each "
            + "link's impairment and counters).")
    boolean json;

    @Override
    public Integer call() {
        JsonNode s = LabState.read(where.name).orElseThrow(() -> new LabException("lab '" + where.name
                + "' is not up"));
        boolean alive = LabState.forwarder(s).isPresent();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(s.toPrettyString());
            out.flush();
            return alive ? ExitCodes.OK : ExitCodes.FAILED;
        }
        if (LabState.isSites(s)) {
            out.printf("lab %s %s: %d sites%n", where.name, alive ? "up" : "stopped", s.path("sites").size());
            s.path("sites").fields().forEachRemaining(e -> out.printf("  %-10s %-16s %s%n", e.getKey(),
                    e.getValue().path("namespace").asText(), e.getValue().path("addresses").toString()
                            .replaceAll("[{}\"]", "").replace(":", " at ").replace(",", ", ")));
            out.println(LabState.describeSiteLinks(s));
            out.flush();
            return alive ? ExitCodes.OK : ExitCodes.FAILED;
        }
        out.printf("lab %s %s: client %s (%s), server %s (%s)%n%s%n%s%n", where.name, alive ? "up" : "stopped",
                s.path("client_address").asText(), s.path("client_namespace").asText(),
                s.path("server_address").asText(), s.path("server_namespace").asText(), s.path("impairment").asText(),
                LabState.describeCounters(s));
        out.flush();
        return alive ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
