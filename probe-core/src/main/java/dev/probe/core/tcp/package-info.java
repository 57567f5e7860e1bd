/**
 * TCP_INFO and socket options, read and set through JNA.
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: core.bulk, core.nfs, core.pathmtu, core.plan, core.protocol, core.qualify, core.redo, core.relay,
 * core.result, core.server.
 */
package dev.probe.core.tcp;
