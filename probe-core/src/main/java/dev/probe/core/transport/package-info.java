/**
 * Netty's transport: native epoll where present, NIO otherwise.
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: cli.common, cli.disk, cli.server, core.agent, core.bulk, core.client, core.monitor, core.nfs, core.redo,
 * core.server.
 */
package dev.probe.core.transport;
