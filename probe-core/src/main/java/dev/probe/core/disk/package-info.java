/**
 * Disk checks: ORION-style profiles on real files with direct I/O, here or at a server.
 *
 * <p>Imports of probe: core.client, core.params, core.protocol, core.result, core.server.
 * <br>Used by: cli.disk, cli.qualify, core.app, core.nfs, core.qualify.
 */
package dev.probe.core.disk;
