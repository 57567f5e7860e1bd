package dev.probe.cli.common;

import dev.probe.core.protocol.Handshake;
import picocli.CommandLine.Option;

/** {@code --run-id}: names a run so a later restore finds what a backup stored; random when not given. */
public final class RunIdOption {
    @Option(names = "--run-id", paramLabel = "ID",
            description = "Names the run: a backup is stored under it; a restore reads it back (default: random).")
    public String runId;

    /** The given id, else {@code fallback}, else 12 random hex digits. */
    public String orElse(String fallback) {
        return runId != null ? runId : fallback != null ? fallback : Handshake.randomId().substring(0, 12);
    }
}
