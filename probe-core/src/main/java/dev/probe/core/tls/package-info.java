/**
 * TLS contexts for the server and clients.
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: cli.common, cli.server, core.bulk, core.redo, core.result.
 */
package dev.probe.core.tls;
