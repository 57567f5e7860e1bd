/**
 * Monitoring: SYNC and single-stream checks on a schedule, their metrics for Prometheus.
 *
 * <p>Holds: {@code Monitor} (a SYNC check every {@code --every}, a single-stream check every {@code --stream-every}
 * within the duty cap, jittered; failures and late starts counted) of a {@code MonitorConfig}; each {@code Check} (one
 * check with {@code RedoClient}, its figures into {@code MonitorMetrics}, a log line, a {@code --json-stream} event;
 * judged by a {@code Baseline}: a qualify result's commit budget, required bandwidth and lag growth) ;
 * {@code MonitorMetrics} (the official Prometheus client's registry, prefix {@code dgprobe_}), {@code MonitorServer}
 * (Netty, one event loop; {@code MonitorInitializer} owns the pipeline: {@code server.HttpGuard} admission and header
 * deadline, codec, {@code MonitorHandler} routes; {@code /metrics} through the client's
 * {@code PrometheusScrapeHandler} via {@code ScrapeExchange}, text or OpenMetrics; {@code /probe} =
 * {@code ProbeEndpoint}, the multi-target pattern: one {@code Check} per scrape within its timeout, hosts allow-listed
 * by {@code client.AllowedTargets} and ports by the configuration, through a {@code CheckQueue}: 2 running, 8 waiting,
 * shared per standby and kind, dropped when the scrapers leave, at most once per {@code --every} (SYNC) or the duty
 * cap (stream)).
 *
 * <p>Imports of probe: core.client, core.error, core.params, core.protocol, core.redo, core.result, core.server,
 * core.transport.
 * <br>Used by: cli.monitor.
 */
package dev.probe.core.monitor;
