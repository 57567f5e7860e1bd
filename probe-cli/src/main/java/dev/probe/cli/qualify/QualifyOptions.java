package dev.probe.cli.qualify;

import dev.probe.cli.common.ConnectOptions;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.PayloadOption;
import dev.probe.core.client.Egress;
import dev.probe.core.error.UsageException;
import dev.probe.core.qualify.Agents;
import dev.probe.core.qualify.AwrCsv;
import dev.probe.core.qualify.QualifyConfig;
import dev.probe.core.qualify.RedoCompression;
import dev.probe.core.qualify.RedoLoad;
import dev.probe.core.qualify.Sizing;
import dev.probe.core.qualify.UnderLoad;
import dev.probe.core.units.Rate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code probe qualify} qualifies for and how: the redo to carry, the steps, the topology; one config from them.
 * Its two exclusive groups ({@link Load}, {@link Flow}) are the command's own fields: picocli lists a mixin's
 * groups twice in the help.
 */
public final class QualifyOptions {
    /** --redo-rate or --awr. */
    static final class Load {
        @Option(names = "--redo-rate", paramLabel = "RATE",
                description = "Peak redo rate, bytes or bits: 45MB/s, 45MiB/s, 360Mbit/s.")
        String redoRate;

        @Option(names = "--awr", paramLabel = "FILE",
                description = "CSV from AWR (DBA_HIST_SYSMETRIC_SUMMARY or GV$SYSMETRIC_HISTORY; see --print-awr-sql).")
        Path awr;
    }

    @Mixin
    ConnectOptions connect;

    @Option(names = "--mode", defaultValue = "both", paramLabel = "async|sync|both",
            description = "Which transport to qualify (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--redo-write-size", defaultValue = "32KiB", split = ",", converter = Converters.Size.class,
            paramLabel = "SIZE",
            description = "Redo write sizes for the paced and SYNC steps (default: ${DEFAULT-VALUE}).")
    List<Long> writeSizes;

    @Option(names = "--affirm", description = "SYNC also with the standby's forced write (AFFIRM; server --file on "
            + "the standby's redo disk) beside FASTSYNC.")
    boolean affirm;

    @Option(names = "--standby-dir", paramLabel = "PATH",
            description = "With --affirm: also time the standby's redo log writes there (probe disk's redo profile, run "
                    + "by the standby's probe server inside its --dir), shown beside the network's share.")
    String standbyDir;

    @Option(names = "--standby-nfs", paramLabel = "SERVER:/EXPORT",
            description = "With --affirm, where the standby's redo logs are on NFS through Direct NFS: time their "
                    + "writes on this export from the standby's host (its probe server started with --nfs-allow "
                    + "naming it), one connection as the standby's redo writer has.")
    String standbyNfs;

    @Option(names = "--commit-budget", defaultValue = "2ms", converter = Converters.Latency.class,
            description = "Commit time SYNC may add (default: ${DEFAULT-VALUE}).")
    Duration commitBudget;

    @Option(names = "--local-log-write", defaultValue = "0ms", converter = Converters.Latency.class,
            description = "The primary's own log write, which runs beside the remote one (default: not counted).")
    Duration localLogWrite;

    @Option(names = "--tcp-efficiency", defaultValue = "" + Sizing.DEFAULT_TCP_EFFICIENCY, paramLabel = "F",
            description = "F in required bandwidth = peak / F x 8 (default: ${DEFAULT-VALUE}, MAA's 30 %% TCP/IP "
                    + "overhead; support note 736755.1 writes 0.75, which asks 7 %% less).")
    double tcpEfficiency;

    @Option(names = "--gap", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "A redo gap to resolve (catching up after an outage), with --gap-within.")
    Long gap;

    @Option(names = "--gap-within", converter = Converters.Time.class, description = "How soon the gap must resolve.")
    Duration gapWithin;

    @Option(names = "--budget", defaultValue = "3m", converter = Converters.Time.class,
            description = "Wall time for all steps (default: ${DEFAULT-VALUE}).")
    Duration budget;

    @Mixin
    PayloadOption content;

    @Option(names = "--redo-sample", paramLabel = "FILE",
            description = "An archived redo log copied from the primary: measures its compression (zlib, as "
                    + "COMPRESSION=ENABLE, and LZ4) and CPU cost, restates the required bandwidth with it, and runs "
                    + "the paced redo step with content that compresses as it does.")
    Path redoSample;

    @Option(names = "--from", split = ",", paramLabel = "HOST[:PORT]",
            description = "A RAC primary: run from these nodes' agents ('probe agent', port " + FanoutOptions.AGENT_PORT
                    + " unless given), one redo stream per instance, each paced at its own --redo-rate (one per node: "
                    + "30MB/s,25MB/s), all at once; a verdict per instance and for the sum; SYNC from each node.")
    List<String> from;

    @Option(names = "--under-load", paramLabel = "KIND:N",
            description = "Run the redo-rate and SYNC steps again while N channels load the same path: backup:N or "
                    + "restore:N (RMAN-style bulk channels towards or from the standby) or async:N (streams); the "
                    + "verdicts then rest on the loaded figures, shown beside the idle ones.")
    String underLoad;

    @Option(names = "--load-from", split = ",", paramLabel = "HOST[:PORT]",
            description = "With --under-load: run the load from these hosts' agents ('probe agent', port "
                    + FanoutOptions.AGENT_PORT + " unless given; reached with this command's secret and TLS options), "
                    + "channels spread over them; default: from this host.")
    List<String> loadFrom;

    @Option(names = "--load-dscp", paramLabel = "VALUE",
            description = "With --under-load: the DSCP the load's packets carry (0..63 or a name such as AF11, CS1); "
                    + "default: unmarked, as a backup usually is. --dscp marks the redo only, so a class given to "
                    + "redo on the path is tested against the load.")
    String loadDscp;

    /** --reverse or --both-directions. */
    static final class Flow {
        @Option(names = {"-R", "--reverse"}, description = "The stream steps run standby to primary (the standby's "
                + "server sends; iperf3's -R): the direction redo takes after a switchover. SYNC steps stay as they "
                + "are.")
        boolean reverse;

        @Option(names = "--both-directions", description = "The whole qualification primary to standby, then the "
                + "stream steps standby to primary, within one --budget; the asymmetry is shown.")
        boolean both;
    }

    /** The qualification of {@code host} these options ask for, checked whole before anything runs. */
    QualifyConfig config(String host, Load load, Flow direction) throws Exception {
        if (host == null) {
            throw new UsageException("give the standby's host: probe qualify STANDBY_HOST --redo-rate 45MB/s");
        }
        if (load == null) {
            throw new UsageException("give --redo-rate RATE or --awr FILE (probe qualify --print-awr-sql "
                    + "prints the SQL for the file)");
        }
        if (!mode.matches("async|sync|both")) {
            throw new UsageException("--mode: '" + mode + "' is not async, sync or both");
        }
        RedoLoad redo = load.awr != null ? AwrCsv.read(load.awr) : RedoLoad.given(rates(load.redoRate));
        if (loadFrom != null && underLoad == null) {
            throw new UsageException("--load-from runs the --under-load load from agents; give --under-load "
                    + "too (e.g. --under-load backup:16)");
        }
        if (loadDscp != null && underLoad == null) {
            throw new UsageException("--load-dscp marks the --under-load load; give --under-load too");
        }
        UnderLoad background = underLoad == null ? null : UnderLoad.parse(underLoad, loadFrom == null ? null
                : agents("--load-from", loadFrom), loadDscp == null ? -1 : Egress.dscp("--load-dscp", loadDscp));
        RedoCompression compression = redoSample == null ? null
                : RedoCompression.measure(redoSample, RedoCompression.MAX_SAMPLE);
        return QualifyConfig.builder(connect.target(host), redo)
                .modes(!mode.equals("sync"), !mode.equals("async")).writeSizes(writeSizes).affirm(affirm)
                .commitBudget(commitBudget, localLogWrite).tcpEfficiency(tcpEfficiency)
                .gap(gap == null ? 0 : gap, gapWithin).budget(budget).payload(content.checked())
                .compression(compression).underLoad(background).reverse(direction != null && direction.reverse)
                .bothDirections(direction != null && direction.both).rac(from == null ? null : agents("--from", from))
                .standbyDir(standbyDir).standbyNfs(standbyNfs).build();
    }

    /** --redo-rate's rates: one, or one per RAC instance with --from. */
    private static List<Double> rates(String redoRate) {
        List<Double> rates = new ArrayList<>();
        try {
            for (String r : redoRate.split(",", -1)) {
                rates.add(Rate.parse(r.trim()).bytesPerSecond());
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException("--redo-rate: " + e.getMessage());
        }
        return rates;
    }

    /** The agents {@code flag} names, reached with this command's secret, TLS and timeouts. */
    private Agents agents(String flag, List<String> hosts) throws Exception {
        return new Agents(flag, FanoutOptions.parse(flag, hosts, FanoutOptions.AGENT_PORT), connect.peer.security(),
                connect.peer.connectTimeout, connect.peer.timeout);
    }
}
