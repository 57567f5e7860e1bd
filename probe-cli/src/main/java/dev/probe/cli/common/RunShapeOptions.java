package dev.probe.cli.common;

import dev.probe.core.error.UsageException;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.units.Sizes;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The shape of an RMAN-style run, shared by {@code bulk}, {@code objstore} and {@code sweep}: channels, volume
 * or duration, piece size, and the database size projections are made for. Each command gives its own defaults
 * through a {@link Defaults} provider, so help shows them.
 */
public final class RunShapeOptions {
    /** Bytes a run moves when neither --volume nor --duration is given: 10 GiB. */
    public static final long DEFAULT_VOLUME = 10L * 1024 * 1024 * 1024;

    @Option(names = "--channels", paramLabel = "N",
            description = "Parallel channels, one connection each (default: ${DEFAULT-VALUE}).")
    public int channels;

    @Option(names = "--volume", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Bytes to move; the last piece may be short.")
    public Long volume;

    @Option(names = "--duration", converter = Converters.Time.class,
            description = "Move for this long instead of a fixed volume.")
    public Duration duration;

    @Option(names = "--piece-size", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Piece (RMAN section) size (default: ${DEFAULT-VALUE}).")
    public long pieceSize;

    @Option(names = "--db-size", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Database size for the projected time (default: ${DEFAULT-VALUE}, the paper's).")
    public long dbSize;

    /** What {@link #params} changed of what was asked, for the console (null when nothing). */
    public String note;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * The run's parameters: {@code defaultVolume} when neither --volume nor --duration is given; the default piece
     * size shrinks to a smaller volume (and {@link #note} says so); a --piece-size given above it is refused.
     */
    public BulkParams params(Direction direction, long defaultVolume, Duration interval, long sockbuf, boolean verify,
                             String runId, String congestion) {
        if (volume != null && volume <= 0) {
            throw new UsageException("--volume: " + volume + " bytes; the volume must be above 0 (or give "
                    + "--duration instead)");
        }
        long vol = volume != null ? volume : duration == null ? defaultVolume : 0;
        long piece = pieceSize;
        boolean pieceGiven = command != null && command.commandLine() != null
                && command.commandLine().getParseResult().hasMatchedOption("--piece-size");
        if (vol > 0 && vol < piece && vol >= BulkParams.MIN_PIECE && !pieceGiven) {
            note = "--piece-size " + Sizes.describe(piece) + " is larger than the volume: one piece of "
                    + Sizes.describe(vol) + " instead";
            piece = vol;
        }
        return BulkParams.builder(direction, runId).channels(channels).volume(vol)
                .duration(duration == null ? Duration.ZERO : duration).pieceSize(piece).interval(interval)
                .sockbuf(sockbuf).verify(verify).congestion(congestion).build();
    }

    /** A command's defaults for these options (and any other option it names), shown in its help. */
    public abstract static class Defaults implements IDefaultValueProvider {
        private final Map<String, String> values;

        protected Defaults(String channels, String pieceSize) {
            this.values = Map.of("--channels", channels, "--piece-size", pieceSize, "--db-size", "1.06TB");
        }

        @Override
        public String defaultValue(ArgSpec arg) {
            return arg instanceof OptionSpec ? values.get(((OptionSpec) arg).longestName()) : null;
        }
    }
}
