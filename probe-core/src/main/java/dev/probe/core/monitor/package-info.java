/**
 * Monitoring: SYNC and single-stream checks on a schedule, their metrics for Prometheus.
 *
 * <p>Imports of probe: core.client, core.error, core.params, core.protocol, core.redo, core.result, core.server,
 * core.transport.
 * <br>Used by: cli.monitor.
 */
package dev.probe.core.monitor;
