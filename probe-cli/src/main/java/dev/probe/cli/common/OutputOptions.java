package dev.probe.cli.common;

import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How often a run reports and which result files it writes: shared by {@code client}, {@code bulk} and {@code objstore}. */
public final class OutputOptions {
    @Option(names = "--interval", defaultValue = "1s", converter = Converters.Time.class,
            description = "Statistics interval (default: ${DEFAULT-VALUE}).")
    public Duration interval;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result (probe.result/1) as JSON.")
    public Path json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write one CSV row per interval.")
    public Path csv;

    @Mixin
    public JsonStreamOption stream;

    /** Checks --json, --csv and --json-stream before anything runs (see {@link OutputPaths}). */
    public void check() {
        OutputPaths.file("--json", json);
        OutputPaths.file("--csv", csv);
        stream.check();
    }
}
