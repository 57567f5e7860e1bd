/**
 * {@code probe client} and {@code probe demo}: sync and async redo tests, oratcptest's way.
 *
 * <p>Imports of probe: cli.common, core.app, core.bulk, core.client, core.params, core.pathmtu, core.protocol,
 * core.redo, core.result, core.server, core.units.
 * <br>Used by: cli.
 */
package dev.probe.cli.redo;
