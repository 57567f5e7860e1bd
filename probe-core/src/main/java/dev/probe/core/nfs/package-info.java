/**
 * NFS storage as Oracle's Direct NFS reaches it: ONC RPC over TCP from user space, every length bounded.
 *
 * <p>Holds: NFS storage as Oracle's Direct NFS reaches it ({@code probe disk --nfs}): ONC RPC over TCP on Netty
 * ({@code Rpc}: calls with AUTH_SYS, replies checked and every refusal named; {@code RecordDecoder}: record marking, a
 * record's length bounded before it is kept, a reply's socket reads kept as they came; {@code Xdr}: every length a
 * peer sends bounded before a byte is copied), {@code RpcConnection} (one connection, any number of calls outstanding,
 * matched by xid; {@code ConnectionLostException} for a path fault), {@code Nfs3} (portmapper GETPORT, MOUNT MNT,
 * FSINFO), {@code Nfs3Files} (LOOKUP, CREATE, WRITE, COMMIT, READ, REMOVE); {@code NfsParams} ({@code NfsTarget}, up
 * to four {@code NfsPath}s, the connection counts, the disk check's {@code DiskParams}) → {@code NfsCheck} (mount,
 * FSINFO, the idle round trip, the test file written and committed, then disk's {@code Ladders} once per connection
 * count over {@code NfsLinks} (connection k on path k mod P; a lost or silent connection takes its path out) with
 * {@code NfsLoad} as the point source (outstanding I/Os kept in flight, reissued on a surviving path, reads and writes
 * timed apart, the JVM's CPU and TCP's smoothed round trip per point)) → {@code NfsResult} (columns, the kernel
 * client's {@code DiskResult} and {@code KernelMount} beside, {@code NfsChecks} (Oracle's rules on FSINFO and the
 * mount's options), {@code NfsTable} (the rows, gains, advice, and the window: one connection's bytes in flight at the
 * round trip its reads met)); remote: {@code RemoteNfsSpec} (HELLO kind nfs), server side {@code NfsKind} (only
 * {@code --nfs-allow} exports, one at a time) → {@code NfsHandler} (a disk {@code CheckHandler}), client side
 * {@code RemoteNfsClient} (disk's {@code RemoteCheck}), {@code NfsWire} (the done frame's figures, bounded both ways);
 * tested against nfs-ganesha in a namespace ({@code testing.GaneshaServer}, one at a time per machine: rpcbind's lock).
 *
 * <p>Imports of probe: core.client, core.disk, core.error, core.protocol, core.result, core.server, core.tcp,
 * core.transport.
 * <br>Used by: cli.disk, cli.server, core.app, core.qualify.
 */
package dev.probe.core.nfs;
