/**
 * The probe server: bind, admit, authenticate, dispatch sessions by kind, keep its limits.
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.tcp, core.transport, core.units.
 * <br>Used by: cli.monitor, cli.redo, cli.server, core.agent, core.app, core.bulk, core.disk, core.monitor,
 * core.nfs, core.objstore.endpoint, core.redo, core.relay.
 */
package dev.probe.core.server;
