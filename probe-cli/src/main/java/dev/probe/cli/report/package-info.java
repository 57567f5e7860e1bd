/**
 * {@code probe report}: the paper's tipping points, the model, predictions, comparisons.
 *
 * <p>Imports of probe: cli.common, core.bulk, core.error, core.protocol, core.units, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.report;
