/**
 * {@code probe monitor}: checks on a schedule, exported to Prometheus.
 *
 * <p>Imports of probe: cli.common, core.client, core.error, core.monitor, core.protocol, core.result, core.server.
 * <br>Used by: cli.
 */
package dev.probe.cli.monitor;
