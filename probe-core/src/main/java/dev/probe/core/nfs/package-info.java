/**
 * NFS storage as Oracle's Direct NFS reaches it: ONC RPC over TCP from user space, every length bounded.
 *
 * <p>Imports of probe: core.client, core.disk, core.error, core.protocol, core.result, core.server, core.tcp,
 * core.transport.
 * <br>Used by: cli.disk, cli.server, core.app, core.qualify.
 */
package dev.probe.core.nfs;
