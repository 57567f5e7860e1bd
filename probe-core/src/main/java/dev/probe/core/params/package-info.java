/**
 * Run parameters: immutable records, validated once, passed whole.
 *
 * <p>Holds: the wire parameter records: {@code TestParams}, {@code BulkParams}, {@code ObjstoreParams},
 * {@code RelayParams}, each a {@code SessionSpec}; {@code Direction}, {@code Mode}, {@code Endpoints}.
 *
 * <p>Imports of probe: core.payload, core.protocol.
 * <br>Used by: cli.bulk, cli.common, cli.lab, cli.objstore, cli.qualify, cli.redo, core.agent, core.bulk,
 * core.client, core.disk, core.lab, core.monitor, core.objstore.client, core.objstore.endpoint, core.pathmtu,
 * core.plan, core.qualify, core.redo, core.relay, core.result, core.server.
 */
package dev.probe.core.params;
