/**
 * Agents: one run from many hosts, each host's share a leg, admitted within the agent's own limits.
 *
 * <p>Imports of probe: core.bulk, core.client, core.error, core.objstore.client, core.params, core.protocol,
 * core.redo, core.result, core.server, core.transport, core.units.
 * <br>Used by: cli.common, cli.objstore, cli.server, core.app, core.plan, core.qualify, core.relay.
 */
package dev.probe.core.agent;
