/**
 * The one throughput model every command predicts with: the laws, the paper's shipped fit, a link's curve, cross-
 * validated ranges.
 *
 * <p>Imports of probe: none.
 * <br>Used by: core.qualify, core.result, report.
 */
package dev.probe.model;
