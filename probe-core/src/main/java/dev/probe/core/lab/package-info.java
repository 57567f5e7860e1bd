/**
 * The lab: network namespaces joined by TUN devices, the userspace impaired link (loss, delay, rate, queue,
 * reordering, policer, path MTU, ECMP), netem plans and sweeps.
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.units.
 * <br>Used by: cli.common, cli.lab.
 */
package dev.probe.core.lab;
