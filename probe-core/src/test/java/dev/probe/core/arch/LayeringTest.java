package dev.probe.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layout stays a layering: no two packages of probe-core import each other, directly or round a longer
 * loop (docs/ARCHITECTURE.md draws the layers), and features import each other only along listed edges. Runs on
 * every build.
 */
class LayeringTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.probe.core");

    @Test
    void corePackagesAreFreeOfCycles() {
        slices().matching("dev.probe.core.(**)").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void infrastructureKnowsNoFeature() {
        noClasses()
                .that().resideInAnyPackage("dev.probe.core.server..", "dev.probe.core.client..",
                        "dev.probe.core.protocol..", "dev.probe.core.params..", "dev.probe.core.result..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.probe.core.redo..", "dev.probe.core.bulk..",
                        "dev.probe.core.objstore..", "dev.probe.core.lab..", "dev.probe.core.app..",
                        "dev.probe.core.qualify..", "dev.probe.core.disk..", "dev.probe.core.agent..",
                        "dev.probe.core.monitor..", "dev.probe.core.plan..", "dev.probe.core.relay..",
                        "dev.probe.core.nfs..")
                .because("features plug into the infrastructure (SessionKind, ClientRun), never the other way")
                .check(CORE);
    }

    /** The features; what two of them share lives in a package below both (payload, client, result, ...). */
    private static final List<String> FEATURES = List.of("redo", "bulk", "objstore", "objstore.client",
            "objstore.endpoint", "lab", "qualify", "disk", "agent", "monitor", "plan", "pathmtu", "relay", "nfs");
    /**
     * The only edges between features: an agent runs the clients; qualify runs redo's client, a bulk or agents'
     * load, a RAC primary's nodes, the standby's redo disk check (in a directory, or on an NFS export as Direct NFS writes) and the path-MTU search (which runs redo's client); a relay receives as redo's server does, within an agent's limits; an NFS check runs the disk check's profiles; the monitor runs redo's client; a configuration plan reads its redo and judges its hops as qualify does, and runs redo's client, through a relay where a site forwards, and a RAC primary's nodes through their agents; both objstore
     * sides share objstore's root.
     */
    private static final Set<String> EDGES = Set.of("agent>redo", "agent>bulk", "agent>objstore.client",
            "agent>objstore", "nfs>disk", "qualify>redo", "qualify>bulk", "qualify>agent", "qualify>disk",
            "qualify>nfs",
            "monitor>redo", "plan>qualify", "plan>redo", "qualify>pathmtu", "pathmtu>redo",
            "objstore.client>objstore", "objstore.endpoint>objstore", "relay>redo", "relay>agent", "plan>relay",
            "plan>agent");

    @Test
    void featuresImportEachOtherOnlyAlongTheListedEdges() {
        for (String from : FEATURES) {
            for (String to : FEATURES) {
                if (from.equals(to) || EDGES.contains(from + ">" + to)) {
                    continue;
                }
                noClasses().that().resideInAPackage("dev.probe.core." + from)
                        .should().dependOnClassesThat().resideInAPackage("dev.probe.core." + to)
                        .because(from + " -> " + to + " is not a listed edge: move what both use below them")
                        .allowEmptyShould(true)
                        .check(CORE);
            }
        }
    }
}
