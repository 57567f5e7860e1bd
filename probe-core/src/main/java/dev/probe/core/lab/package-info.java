/**
 * The lab: network namespaces joined by TUN devices, the userspace impaired link (loss, delay, rate, queue,
 * reordering, policer, path MTU, ECMP), netem plans and sweeps.
 *
 * <p>Holds: namespaces, TUN devices, the userspace impaired link ({@code Pipe}: loss, queue, rate, delay, reordering;
 * {@code Remark}: a router that rewrites the DSCP; {@code FlowPolicer}: a token bucket per 5-tuple that drops, never
 * queues; {@code MtuGate}: a path MTU below the ends', with or without ICMP "fragmentation needed" back;
 * {@code EcmpPaths}: equal-cost paths, each new flow the next, each with its own queue and delay; {@code PipeCounters}:
 * what it did and what the host added, its packets' lateness and its threads' wait for a CPU from {@code ThreadSched};
 * {@code Autogroup}: its session's weight as its threads' nice), netem plans,
 * {@code LinkMode} (netem or userspace, {@code --impair}), {@code LinkSpec} (built by name), a lab of several sites:
 * {@code SiteLayout} (sites, {@code SiteLinkSpec} links as {@code --link A:B,KEY=VALUE} writes them, their /30s of one
 * /24; checked whole) brought up by {@code SiteLab} (a namespace per site, two TUN devices and two {@code Pipe}s per
 * link, its state for {@code lab status --json}), the sweep: {@code SweepPlan} (cells, capacity scaling) and
 * {@code SweepCampaign} (the loop: each cell on the {@code LabLink}, each run of each {@code Kind} to a {@code Runs},
 * results annotated; unit-tested without root).
 *
 * <p>Imports of probe: core.error, core.params, core.protocol, core.result, core.units.
 * <br>Used by: cli.common, cli.lab.
 */
package dev.probe.core.lab;
