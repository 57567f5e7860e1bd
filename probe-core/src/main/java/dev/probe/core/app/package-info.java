/**
 * The composition of the server's features: the only place they meet the server.
 *
 * <p>Holds: {@code ProbeServer}: the composition; the only place features meet the server ({@code startAgent} for
 * {@code probe agent}).
 *
 * <p>Imports of probe: core.agent, core.bulk, core.disk, core.nfs, core.objstore.endpoint, core.redo, core.relay,
 * core.server.
 * <br>Used by: cli.redo, cli.server.
 */
package dev.probe.core.app;
