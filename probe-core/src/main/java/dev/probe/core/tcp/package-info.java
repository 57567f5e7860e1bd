/**
 * TCP_INFO and socket options, read and set through JNA.
 *
 * <p>Holds: TCP_INFO via JNA ({@code TcpInfo}, {@code TcpInfoReader}: with the sender's chronograph and reordering
 * counters), {@code SavedSyn} (the TOS a SYN arrived with), {@code HostSettings} (a host's /proc/sys buffer caps,
 * congestion control, qdisc, MTU probing, interface MTU).
 *
 * <p>Imports of probe: core.error.
 * <br>Used by: core.bulk, core.nfs, core.pathmtu, core.plan, core.protocol, core.qualify, core.redo, core.relay,
 * core.result, core.server.
 */
package dev.probe.core.tcp;
