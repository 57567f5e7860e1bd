/**
 * Whole Data Guard configurations ({@code qualify --plan}): the YAML, what each hop must carry, a verdict per hop.
 *
 * <p>Holds: {@code qualify --plan FILE}: {@code PlanYaml} reads the file (jackson-dataformat-yaml; 1 MiB at most, one
 * document, spaces only) and {@code PlanFile} its keys (unknown ones refused; 64 sites, 8 deep; refusals quoted to 400
 * characters) into one {@code Plan} ({@code Site}s with their {@code Role}, {@code Route}s with their {@code Mode},
 * the SYNC policy, the outage); {@code RedoRoutes} parses each site's broker property in DGMGRL's syntax;
 * {@code PlanChecks} resolves the rules from the primary outwards and refuses a bad plan in one line naming key and
 * site (unknown site, cycle, forwarding what a site never receives, two sources, LZO on SYNC, no address, a Far Sync
 * without a relay agent); {@code PlanDemand}: what each hop and uplink must carry by Oracle's rules, how the redo
 * reaches each site, the outage's backlog; {@code PlanRunner} runs every hop from the primary at once (round trips,
 * then the redo at the peak on each: ASYNC paced with its {@code LagTrace}, SYNC back-to-back writes with AFFIRM) on
 * redo's client; a hop to a site that forwards goes to its agent's relay ({@code PlanRelays}: the request, each
 * relayed hop's schedule, RELAYED frames into a {@code RelayTrace} per relayed hop: carried, held, its socket's
 * TCP_INFO, the end-to-end lag and the far hop's own; {@code RelayedVerdict} judges it), redo relayed twice or
 * forwarded SYNC refused before any traffic; a Recovery Appliance's archived-log backups ({@code Site.Backup},
 * {@code PlanDemand.Backup}) run over its SBT channels in the redo phase's second half ({@code PlanBackups}: the test,
 * the verdict, the JSON); a RAC primary's hops run from its nodes' agents ({@code PlanRac}: qualify's {@code Agents}
 * fan-out, each node its instance's share; {@code RacHopVerdict}); with an {@code outage}, a catch-up phase
 * ({@code PlanCatchUp}) sends the backlog over {@code gap-connections} beside the redo (to a relayed destination from
 * its relay's agent) and {@code CatchUp} reads it (Oracle's backlog / (gap - redo), and when the gap's acknowledged
 * bytes really passed the backlog plus the redo since); {@code PlanVerdicts} judges each hop (qualify's
 * {@code Verdicts}, {@code SyncReach}, {@code StreamLimit}) and the configuration (the commit's wait, the uplink) into
 * one {@code PlanResult} (kind {@code plan}); {@code PlanClock} keeps the budget (each phase shortened to what is left
 * once the later phases, the tail and a RAC fan-out's set-up are kept back) and knows the phase a stop came in, which
 * {@code PlanResult.of} reads to leave that phase and every later one INCOMPLETE; a hop whose round trip found no
 * probe server is not run again; a RAC primary's hop to a relay goes as each node's thread ({@code PlanRac.relayed}:
 * an agent leg of kind "relay" per node, its RELAYED frames back through the node's agent), judged per thread
 * ({@code RelayedVerdict.ofThreads}); every PASS, MARGINAL or FAIL comes from {@code qualify.Rules}.
 *
 * <p>Imports of probe: core.agent, core.client, core.error, core.params, core.payload, core.protocol, core.qualify,
 * core.redo, core.result, core.tcp, core.units.
 * <br>Used by: cli.qualify.
 */
package dev.probe.core.plan;
