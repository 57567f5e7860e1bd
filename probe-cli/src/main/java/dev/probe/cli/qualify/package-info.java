/**
 * {@code probe qualify}: a link, RAC nodes or a whole configuration ({@code --plan}), its console, JSON and pages.
 *
 * <p>Imports of probe: cli.common, core.client, core.disk, core.error, core.params, core.pathmtu, core.plan,
 * core.protocol, core.qualify, core.result, core.units, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.qualify;
