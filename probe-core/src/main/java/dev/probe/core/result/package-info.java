/**
 * Result documents: intervals, summaries, TCP_INFO figures, projections and the model's line beside them.
 *
 * <p>Holds: {@code ResultEnvelope} (a result document), {@code ResultStream} (writes one as a run goes),
 * {@code ClockOffset} (the server's clock from READY), {@code ConnectionPath} (each connection's path by its source
 * port), the CSV and hlog writers, {@code RunListener}/{@code BulkListener}, {@code JsonStream} (--json-stream: events
 * a line), {@code ProgressSampler} (a volume run's interval rate and time left: bulk and objstore), {@code SteadyRate}
 * (the projection's basis: a volume run's steady half and its quarters' range), {@code ModelProjection} (the one
 * model's figure for the path a bulk run measured).
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.tcp, core.tls, core.units, model.
 * <br>Used by: bench, cli.bulk, cli.common, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.redo,
 * core.agent, core.bulk, core.client, core.disk, core.lab, core.monitor, core.nfs, core.objstore.client,
 * core.pathmtu, core.plan, core.qualify, core.redo, core.server.
 */
package dev.probe.core.result;
