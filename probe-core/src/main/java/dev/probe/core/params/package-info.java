/**
 * Run parameters: immutable records, validated once, passed whole.
 *
 * <p>Imports of probe: core.payload, core.protocol.
 * <br>Used by: cli.bulk, cli.common, cli.lab, cli.objstore, cli.qualify, cli.redo, core.agent, core.bulk,
 * core.client, core.disk, core.lab, core.monitor, core.objstore.client, core.objstore.endpoint, core.pathmtu,
 * core.plan, core.qualify, core.redo, core.relay, core.result, core.server.
 */
package dev.probe.core.params;
