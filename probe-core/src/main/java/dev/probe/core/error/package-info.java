/**
 * Typed user errors: bad input (exit 2) and what this host cannot do (exit 1).
 *
 * <p>Holds: {@code UsageException} (bad input: a flag's value, a file, a combination; the CLI prints it and exits 2),
 * {@code CannotRunException} (this host cannot: a port taken, a lab step refused; exit 1). With
 * {@code client.ProbeException} (a run failed, by kind), {@code lab.LabException}, {@code payload.IntegrityException},
 * {@code protocol.ProtocolException} and report's {@code ReportInputException} they are the only exceptions whose
 * message reaches the user; anything else is "internal error".
 *
 * <p>Imports of probe: none.
 * <br>Used by: cli, cli.common, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.report, cli.server,
 * core.agent, core.client, core.lab, core.monitor, core.nfs, core.objstore, core.objstore.endpoint, core.plan,
 * core.protocol, core.qualify, core.result, core.server, core.tcp, core.tls, core.transport, core.units.
 */
package dev.probe.core.error;
