/**
 * Object-storage channels through the real OCI Java SDK.
 *
 * <p>Holds: {@code ObjstoreClient}/{@code ObjstoreConfig}, {@code ObjstoreChannel} (OCI SDK), {@code GeneratedStream},
 * {@code RestoreVerifier}, {@code RoutedConnections} ({@code --bind}/{@code --dscp}: the SDK's Apache connector given
 * sockets that leave from the address, marked).
 *
 * <p>Imports of probe: core.client, core.objstore, core.params, core.payload, core.protocol, core.result,
 * core.units.
 * <br>Used by: cli.objstore, core.agent.
 */
package dev.probe.core.objstore.client;
