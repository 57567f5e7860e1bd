/**
 * Disk checks: ORION-style profiles on real files with direct I/O, here or at a server.
 *
 * <p>Holds: {@code RedoHeadroom} (the redo profile against a redo rate: one writer's share per write size),
 * {@code DiskCheck} (a directory's check) → {@code Ladders} (the profiles in order on any {@code PointSource}: a local
 * file's or an NFS export's) → {@code TestFile} (checks, fill, direct I/O, aligned buffers), {@code PointRunner} (N
 * workers, psync-style, per-worker histograms) of a {@code Workload}, {@code Ladder} (1, 2, 4, ... and its stop rules,
 * the answers) → {@code LoadPoint}s → {@code DiskResult} (kind disk), {@code DiskCsv}; remote: {@code RemoteDiskSpec}
 * (HELLO), server side {@code DiskKind} (inside --dir, one at a time, size limit) → {@code DiskHandler} (a
 * {@code CheckHandler}: any check on a thread of its own, streaming DISK frames), client side {@code RemoteDiskClient}
 * (on {@code RemoteCheck}: any check's frames, pings, silence bound), {@code DiskMessages} (DISK frames).
 *
 * <p>Imports of probe: core.client, core.params, core.protocol, core.result, core.server.
 * <br>Used by: cli.disk, cli.qualify, core.app, core.nfs, core.qualify.
 */
package dev.probe.core.disk;
