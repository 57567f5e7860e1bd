/**
 * Agents: one run from many hosts, each host's share a leg, admitted within the agent's own limits.
 *
 * <p>Holds: agent side: {@code AgentKind} ("agent" sessions; {@code AgentParams} = legs; admitted within
 * {@code AgentLimits}: {@code AllowedTargets}, runs, legs, channels, bytes) → {@code AgentHandler} (clock samples,
 * open, start, pings) → {@code AgentRun} (one client per leg, leaving from {@code AgentConfig.legsFrom} and marked
 * with {@code AgentParams.dscp}: {@code RedoClient}, {@code BulkClient} or {@code ObjstoreClient}
 * ({@code ObjstoreLeg}), side by side; legs merged by a {@code MergedTimeline} into {@code HostInterval}s, summaries
 * into one {@code HostSummary}); coordinator side: {@code Fanout} ({@code FanoutConfig.plan()}: channels over hosts,
 * each host's over the servers, volume in whole pieces; one {@code AgentLink} per agent, {@code ClockSample},
 * {@code MergedTimeline} → {@code MergedInterval}s, {@code FanoutResult}); a leg may be a relayed test
 * ({@code RelayParams}: the node's agent opens it at a relay and sends each RELAYED frame to the coordinator as an
 * agent {@code relayed} message, {@code Fanout}'s relay sink).
 *
 * <p>Imports of probe: core.bulk, core.client, core.error, core.objstore.client, core.params, core.protocol,
 * core.redo, core.result, core.server, core.transport, core.units.
 * <br>Used by: cli.common, cli.objstore, cli.server, core.app, core.plan, core.qualify, core.relay.
 */
package dev.probe.core.agent;
