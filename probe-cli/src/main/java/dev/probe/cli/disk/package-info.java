/**
 * {@code probe disk}: ORION-style profiles on a directory or an NFS export, here or at a server.
 *
 * <p>Holds: {@code DiskCommand}, {@code DiskConsole}, {@code NfsRun} and {@code NfsConsole} for {@code --nfs}; its
 * pages are {@code report.DiskPage} and {@code report.NfsPage}.
 *
 * <p>Imports of probe: cli.common, core.disk, core.error, core.nfs, core.result, core.transport, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.disk;
