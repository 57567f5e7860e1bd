/**
 * {@code probe qualify}: a link, RAC nodes or a whole configuration ({@code --plan}), its console, JSON and pages.
 *
 * <p>Holds: {@code QualifyCommand} parses with {@code QualifyOptions}, calls core's {@code Qualifier} and prints with
 * {@code QualifyConsole}, a RAC run's passes with {@code RacConsole}; {@code --plan FILE} through {@code PlanRun}
 * ({@code --dry-run}: core's {@code plan.PlanDemand}; else {@code plan.PlanRunner}), printed by {@code PlanConsole};
 * its page is {@code report.QualifyPage} (the report module draws every chart).
 *
 * <p>Imports of probe: cli.common, core.client, core.disk, core.error, core.params, core.pathmtu, core.plan,
 * core.protocol, core.qualify, core.result, core.units, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.qualify;
