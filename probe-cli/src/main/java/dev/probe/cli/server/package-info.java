/**
 * {@code probe server} and {@code probe agent}: what one long-running process serves.
 *
 * <p>Holds: the server and agent commands, sharing {@code ListenOptions}, {@code SecurityOptions},
 * {@code ServerLimitOptions}, {@code AgentLimitOptions}.
 *
 * <p>Imports of probe: cli.common, core.agent, core.app, core.client, core.error, core.nfs, core.objstore.endpoint,
 * core.server, core.tls, core.transport.
 * <br>Used by: cli.
 */
package dev.probe.cli.server;
