/**
 * Sizes, rates and durations: parsed as typed, printed as read.
 *
 * <p>Holds: {@code Text.fmt} (the one root-locale format), {@code Sizes}, {@code Rate}/{@code Rates},
 * {@code Durations}, {@code CpuTime}/{@code CpuUsage} (a run's CPU, with the JIT's and the collector's threads apart:
 * {@code JvmThreadTimes}).
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: cli.common, cli.lab, cli.objstore, cli.qualify, cli.redo, cli.report, core.agent, core.bulk,
 * core.client, core.lab, core.objstore.client, core.plan, core.protocol, core.qualify, core.redo, core.relay,
 * core.result, core.server.
 */
package dev.probe.core.units;
