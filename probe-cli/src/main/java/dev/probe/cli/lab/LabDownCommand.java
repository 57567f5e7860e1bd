package dev.probe.cli.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.core.lab.LabException;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.Netns;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code probe lab down}: stop the forwarder, print its counters, delete the namespaces. */
@Command(name = "down", mixinStandardHelpOptions = true,
        description = "Stop the userspace link's forwarder, print what it did, and delete its namespaces.")
public final class LabDownCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions where;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Optional<JsonNode> before = LabState.read(where.name);
        // first what still runs inside (lab run commands, a killed sweep's server): the forwarder's exit deletes
        // the namespaces, and a process inside one would live on unseen
        List<String> namespaces = before.filter(LabState::isSites).map(LabState::siteNamespaces)
                .orElse(List.of(where.topology().clientNamespace(), where.topology().serverNamespace()));
        for (String ns : namespaces) {
            for (String p : Netns.stopProcesses(ns, ProcessHandle.current().pid())) {
                out.println("stopped in " + ns + ": " + p);
            }
        }
        Optional<ProcessHandle> forwarder = before.flatMap(LabState::forwarder);
        if (forwarder.isPresent()) {
            forwarder.get().destroy();
            try {
                forwarder.get().onExit().get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                forwarder.get().destroyForcibly();
            }
        }
        List<String> deleted = Netns.deleteAll(namespaces.toArray(String[]::new));
        Optional<JsonNode> last = LabState.read(where.name).or(() -> before);
        if (last.isEmpty() && deleted.isEmpty()) {
            throw new LabException("lab '" + where.name + "' is not up");
        }
        last.ifPresent(s -> out.println(LabState.isSites(s) ? LabState.describeSiteLinks(s)
                : LabState.describeCounters(s)));
        out.println("lab " + where.name + " down" + (deleted.isEmpty() ? "" : ": deleted " + String.join(", ",
                deleted)));
        Files.deleteIfExists(LabState.file(where.name));
        Files.deleteIfExists(LabState.log(where.name));
        out.flush();
        return ExitCodes.OK;
    }
}
