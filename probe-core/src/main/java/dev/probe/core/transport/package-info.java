/**
 * Netty's transport: native epoll where present, NIO otherwise.
 *
 * <p>Holds: {@code Transport} (epoll, io_uring or NIO, chosen once; keepAlive: TCP keepalive with probe's timing on
 * every client and server connection), {@code RegionSizes} (a FileRegion's bytes count toward the write buffer),
 * {@code StreamReads} (a redo stream's reads of up to 1 MiB), {@code IoErrors}.
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: cli.common, cli.disk, cli.server, core.agent, core.bulk, core.client, core.monitor, core.nfs, core.redo,
 * core.server.
 */
package dev.probe.core.transport;
