/**
 * {@code probe lab} (up, run, status, down, netem-plan) and {@code probe sweep}.
 *
 * <p>Holds: lab up/down/status/run, {@code SitesUp} for {@code lab up --site ... --link ...}, {@code ForwarderLoop}
 * (both forwarders' foreground life); sweep: {@code SweepCommand} checks the flags and writes the report,
 * {@code Sweep} brings the link up, starts the server and runs core's {@code lab.SweepCampaign} with
 * {@code SweepClients} (each run's command line) on {@code SweepRunner} (probe's own commands as processes in the
 * lab's namespaces), clean-up also when the JVM is stopped.
 *
 * <p>Imports of probe: cli.common, core.error, core.lab, core.objstore.endpoint, core.params, core.protocol,
 * core.result, core.units, report.
 * <br>Used by: cli.
 */
package dev.probe.cli.lab;
