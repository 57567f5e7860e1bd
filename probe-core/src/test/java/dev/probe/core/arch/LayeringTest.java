package dev.probe.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layout stays a layering: no two packages of probe-core import each other, directly or round a longer
 * loop (docs/ARCHITECTURE.md draws the layers). Runs on every build.
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
                        "dev.probe.core.qualify..")
                .because("features plug into the infrastructure (SessionKind, ClientRun), never the other way")
                .check(CORE);
    }
}
