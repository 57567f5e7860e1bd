/**
 * The largest packet a path carries, found with TCP alone.
 *
 * <p>Imports of probe: core.client, core.params, core.protocol, core.redo, core.result, core.tcp.
 * <br>Used by: cli.qualify, cli.redo, core.qualify.
 */
package dev.probe.core.pathmtu;
