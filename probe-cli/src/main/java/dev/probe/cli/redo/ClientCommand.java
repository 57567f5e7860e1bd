package dev.probe.cli.redo;

import dev.probe.cli.common.Converters;
import dev.probe.cli.common.EndpointOptions;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.FanoutConsole;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.Interrupts;
import dev.probe.cli.common.JsonStreamOption;
import dev.probe.cli.common.OutputOptions;
import dev.probe.cli.common.OutputPaths;
import dev.probe.cli.common.Pacing;
import dev.probe.cli.common.PayloadOption;
import dev.probe.core.params.Mode;
import dev.probe.core.params.TestParams;
import dev.probe.core.redo.RedoConfig;
import dev.probe.core.result.JsonStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe client HOST ...}: one sync or async test against a probe server. */
@Command(name = "client", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a sync (redo SYNC-like, each message waits for its ACK) or async (streaming) test.")
public final class ClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EndpointOptions endpoint;

    @Mixin
    OutputOptions output;

    @Option(names = "--mode", defaultValue = "sync", description = "sync or async (default: ${DEFAULT-VALUE}).")
    Mode mode;

    @Option(names = "--length", defaultValue = "1MiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Message payload: 0, 512, 64k, 1M, 1MiB (default: ${DEFAULT-VALUE}).")
    long length;

    @Option(names = "--duration", defaultValue = "10s", converter = Converters.Time.class,
            description = "Measured test duration (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--num-conn", defaultValue = "1", description = "Connections (default: ${DEFAULT-VALUE}).")
    int numConn;

    @Option(names = "--write", description = "The server writes each message to disk (forced) before the ACK.")
    boolean write;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "N|RATE", converter = Pacing.Converter.class,
            description = "Open loop: N messages/s over all connections, or a byte rate (45MB/s, 360Mbit/s) in "
                    + "--length messages; latency from the intended send time.")
    Pacing rate;

    @Option(names = "--warmup", defaultValue = "0s", converter = Converters.Time.class,
            description = "Warm-up before the measured duration, left out of the summary (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = {"-R", "--reverse"}, description = "The server sends and this host receives (async only; iperf3's "
            + "-R): the direction redo takes after a switchover.")
    boolean reverse;

    @Mixin
    FanoutOptions fanout;

    @Mixin
    PayloadOption content;

    @Option(names = "--hlog", paramLabel = "FILE", description = "Write HdrHistogram interval logs of round trips.")
    Path hlog;

    @Override
    public Integer call() throws Exception {
        output.check();
        OutputPaths.file("--hlog", hlog);
        TestParams params = TestParams.builder(mode).length(length).connections(numConn).duration(duration)
                .interval(output.interval).write(write).sockbuf(endpoint.sockbuf).rate(rate.messagesPerSecond(length))
                .warmup(warmup).payload(fanout.fannedOut() ? content.payload : content.checked()).reverse(reverse)
                .build();
        fanout.refuse("--csv", output.csv);
        fanout.refuse("--hlog", hlog);
        fanout.refuse("--json-stream", output.stream.target);
        if (fanout.fannedOut()) {
            return new FanoutConsole(fanout.config(params, endpoint), spec.commandLine().getOut(),
                    spec.commandLine().getErr()).run(output.json);
        }
        RedoConfig config = new RedoConfig(endpoint.target(), params);
        try (Interrupts interrupts = Interrupts.install(); JsonStream stream = output.stream.open()) {
            TestRunner.run(config, output.stream.console(spec), output.json, output.csv, hlog, stream,
                    interrupts.stop());
            JsonStreamOption.warnIfCut(stream, spec.commandLine().getErr());
            return interrupts.exitCode(spec.commandLine().getErr(), ExitCodes.OK);
        }
    }
}
