/**
 * The Data Guard verdict engine: the procedure's steps, one rule book, verdicts for a link and RAC nodes.
 *
 * <p>Holds: one engine, one rule book: {@code Rules} holds every status rule (keeps up, carried, commit, catch-up,
 * holds) and the shared thresholds (the keep-up share, the default MSS), called by the link, RAC, plan, relayed-hop,
 * catch-up and backup verdicts alike ({@code RulesTest} fails on a status decided anywhere else); {@code Qualifier}
 * takes one {@code QualifyConfig} (validated once by {@code QualifyChecks}: the redo, the steps, the budgets, the
 * content, the topology: {@code --from}'s {@code Agents}, {@code --both-directions}, {@code --standby-dir}) and
 * returns one {@code QualifyResult} for every kind of run; it runs a {@code LinkQualifier} pass (one link, one
 * direction: the six steps, {@code StepPlan} sharing the budget; later steps shortened when set-up overruns it; a
 * {@code RunStop} ends them early, the result then INCOMPLETE) → {@code LinkResult}, twice with
 * {@code --both-directions} ({@code QualifyConfig.passes}: the procedure, then the stream steps reversed), or
 * {@code RacQualifier} → {@code RacResult} ({@code --from}: one stream per RAC instance through the nodes' agents,
 * each at its own rate, {@code StepPlan} sharing its budget too; twice with {@code --both-directions}, standby to
 * primary with {@code --reverse}, the streams and SYNC again beside a {@code BackgroundLoad} with
 * {@code --under-load}; {@code RacVerdicts}: per instance, with {@code StreamLimit}'s diagnosis for one that fell
 * behind, for the sum, and SYNC per node, each loaded one beside its idle twin), then {@code StandbyDisk}
 * ({@code --standby-dir}: probe disk's redo profile at the standby's server); with {@code --under-load}
 * ({@code UnderLoad}, checked with the server first) the redo-rate and SYNC steps run again while a
 * {@code BackgroundLoad} (a {@code BulkClient}, a streaming {@code RedoClient}, or a {@code Fanout} from
 * {@code Agents}, in the load's own DSCP) loads the path, its {@code LoadTrace} (the load's bytes as its TCP
 * acknowledged them) read on settled one-second windows, {@code LoadFigures} saying what it carried alone and beside
 * the redo (a cost only when both flowed one way and the load had settled); {@code StepPlan.requireRoom} refuses a
 * {@code --budget} the steps would overrun; {@code LagTrace} (lag from TCP_INFO bytes acked, or what arrived),
 * {@code AwrCsv}/{@code RedoLoad} (which AWR statistic the peak is; times the database's wall clock; per-instance
 * peaks), {@code RedoCompression} ({@code --redo-sample}: zlib and LZ4 ratio and CPU), {@code Sizing} (Oracle's
 * rules), {@code SyncReach} (a SYNC verdict's write size the peak needs at its commit time, and Far Sync with the
 * round trip it needs when the distance alone breaks the budget), {@code StreamLimit} (what holds one stream back,
 * judged on the steady half of its step, {@code Measured.steadyBps}: loss, against the one model's per-stream ceiling
 * ({@code PathModel.perStreamBps}) within a band that spans how drops fall, buffers, or the path; a stream the loss
 * explains is called path-limited beside several streams only when it built a queue, {@code StreamLimit.queued}),
 * {@code LagProjection}, {@code Verdicts} ({@code AsyncFigures} built by group), {@code QualifyResult.settingsFrom}
 * (one settings block for both directions: the larger need), {@code QualifyResult.toJson} (the document
 * {@code QualifyPage} reads; {@code QualifyPageContractTest} holds the two together); {@code HostTable} puts both
 * ends' {@code HostSettings} (the server's from READY) beside what 3 x BDP needs, with the {@code sysctl -w} lines per
 * host; {@code PathFindings} adds to a forward ASYNC verdict what the path shows beyond its rate (reordering, the
 * standby's short receive caps, a per-flow policer told from a shaper and from random loss).
 *
 * <p>Imports of probe: core.agent, core.bulk, core.client, core.disk, core.error, core.nfs, core.params,
 * core.pathmtu, core.payload, core.protocol, core.redo, core.result, core.tcp, core.units, model.
 * <br>Used by: cli.qualify, core.plan.
 */
package dev.probe.core.qualify;
