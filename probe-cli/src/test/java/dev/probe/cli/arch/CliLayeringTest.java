package dev.probe.cli.arch;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * probe-cli's command families never import each other or the entry point; they share only cli.common. And
 * probe-report stands on its own: nothing of it imports probe-core.
 */
class CliLayeringTest {
    private static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // these tests run from probe-cli's test jar (probe-cli-tests), which the predefined option does not know
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.probe.cli", "dev.probe.report");

    @Test
    void cliPackagesAreFreeOfCycles() {
        slices().matching("dev.probe.(cli..)").should().beFreeOfCycles().check(ALL);
        slices().matching("dev.probe.cli.(*)..").should().notDependOnEachOther()
                .ignoreDependency(alwaysTrue(), resideInAPackage("dev.probe.cli.common.."))
                .check(ALL);
    }

    @Test
    void reportDoesNotDependOnCore() {
        noClasses().that().resideInAPackage("dev.probe.report..")
                .should().dependOnClassesThat().resideInAPackage("dev.probe.core..")
                .because("the report reads result documents as JSON; it needs no Netty, SDK or JNA")
                .check(ALL);
    }
}
