/**
 * {@code probe objstore}: RMAN SBT-like channels through the OCI Java SDK.
 *
 * <p>Imports of probe: cli.common, core.agent, core.client, core.error, core.objstore.client, core.params,
 * core.result, core.units.
 * <br>Used by: cli.
 */
package dev.probe.cli.objstore;
