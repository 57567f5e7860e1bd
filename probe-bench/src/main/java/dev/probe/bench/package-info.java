/**
 * JMH benchmarks of the hot paths: payload fill, the frame codec, a redo test's send and receive, the result
 * recorder.
 *
 * <p>Imports of probe: core.payload, core.protocol, core.redo, core.result.
 * <br>Used by: none (an entry point).
 */
package dev.probe.bench;
