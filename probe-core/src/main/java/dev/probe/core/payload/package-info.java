/**
 * What probe sends: bytes no compressor or deduplicator can shrink, unless asked.
 *
 * <p>Imports of probe: core.protocol.
 * <br>Used by: bench, cli, cli.common, core.bulk, core.objstore, core.objstore.client, core.objstore.endpoint,
 * core.params, core.plan, core.qualify, core.redo.
 */
package dev.probe.core.payload;
