/**
 * The {@code probe} command: picocli's root, every subcommand registered, oratcptest's command line translated,
 * errors turned into one line and an exit code.
 *
 * <p>Holds: {@code Main}, {@code ProbeCommand}, {@code Errors}, {@code OratcptestArgs}; the families are registered
 * only along the path a run takes (picocli reflects over every command it is given, which was most of the start-up;
 * group commands list their subcommands in a {@code SUBCOMMANDS} field instead of the annotation).
 *
 * <p>Imports of probe: cli.bulk, cli.common, cli.disk, cli.lab, cli.monitor, cli.objstore, cli.qualify, cli.redo,
 * cli.report, cli.server, core.client, core.error, core.payload, core.protocol, report.
 * <br>Used by: cli.common, launcher.
 */
package dev.probe.cli;
