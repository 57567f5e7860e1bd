/**
 * Object-storage channels through the real OCI Java SDK.
 *
 * <p>Imports of probe: core.client, core.objstore, core.params, core.payload, core.protocol, core.result,
 * core.units.
 * <br>Used by: cli.objstore, core.agent.
 */
package dev.probe.core.objstore.client;
