/**
 * The server's OCI-compatible, signature-checking object-storage endpoint.
 *
 * <p>Imports of probe: core.error, core.objstore, core.params, core.payload, core.protocol, core.server.
 * <br>Used by: cli.lab, cli.server, core.app.
 */
package dev.probe.core.objstore.endpoint;
