/**
 * {@code probe bulk}: its options into one BulkConfig, its console.
 *
 * <p>Imports of probe: cli.common, core.bulk, core.params, core.protocol, core.result.
 * <br>Used by: cli.
 */
package dev.probe.cli.bulk;
