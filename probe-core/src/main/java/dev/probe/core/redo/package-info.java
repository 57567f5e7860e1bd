/**
 * Redo tests: sync (each message waits for its ACK) and async (streaming), both sides.
 *
 * <p>Imports of probe: core.client, core.params, core.payload, core.protocol, core.result, core.server, core.tcp,
 * core.tls, core.transport, core.units.
 * <br>Used by: bench, cli.redo, core.agent, core.app, core.monitor, core.pathmtu, core.plan, core.qualify,
 * core.relay.
 */
package dev.probe.core.redo;
