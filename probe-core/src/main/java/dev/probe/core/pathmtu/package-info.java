/**
 * The largest packet a path carries, found with TCP alone.
 *
 * <p>Holds: {@code PathMtuProbe} (the search) over {@code SizeProbes} (one packet size's probe, or a round of them at
 * once): the largest IP packet a path carries in one direction, found with TCP alone (no ICMP needed): a short redo
 * test per new connection (its MSS clamped with TCP_MAXSEG, {@code client.Egress.mss}; closed with a reset), first at
 * full size (TCP_INFO's path MTU tells a size learned from ICMP), then, when that stalls, rounds of 15 at once
 * narrowing the edge to the byte; {@code PathMtu} is one direction's finding (full, learned, black hole, stalled,
 * unchecked) in words and JSON. qualify's {@code PathMtuFindings} runs it both ways before any step: a black hole is a
 * FAIL and no stream step runs.
 *
 * <p>Imports of probe: core.client, core.params, core.protocol, core.redo, core.result, core.tcp.
 * <br>Used by: cli.qualify, cli.redo, core.qualify.
 */
package dev.probe.core.pathmtu;
