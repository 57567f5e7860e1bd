/**
 * A Far Sync's or cascading standby's part in a plan: a received stream forwarded to its next hops.
 *
 * <p>Imports of probe: core.agent, core.client, core.params, core.protocol, core.redo, core.server, core.tcp,
 * core.units.
 * <br>Used by: core.app.
 */
package dev.probe.core.relay;
