/**
 * {@code probe lab} (up, run, status, down, netem-plan) and {@code probe sweep}.
 *
 * <p>Imports of probe: cli.common, core.error, core.lab, core.objstore.endpoint, core.params, core.protocol,
 * core.result, core.units, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.lab;
