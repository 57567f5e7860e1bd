package dev.probe.core.qualify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.result.LatencyStats;
import dev.probe.core.result.ResultEnvelope;
import dev.probe.core.result.TcpStats;
import dev.probe.core.result.TestResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One pass of a qualification over one link in one direction ({@link LinkQualifier}); a part of
 * {@link QualifyResult}: the inputs, each step's own result, the verdicts with their reasons, the settings to
 * apply (sqlnet.ora and sysctl), and with AWR the projected lag; kind {@code qualify} of {@code probe.result/1}.
 * {@code incomplete} says why it stopped early (null when every step ran): the verdicts then cover only what was
 * measured whole.
 */
public record LinkResult(QualifyConfig config, Instant startedAt, Measured measured, List<Verdict> verdicts,
        List<String> sqlnet, List<String> sysctl, LagProjection projection, String incomplete) {

    /** The MSS of a 1500-byte MTU path with timestamps, where TCP_INFO gave none. */
    /** Where the sysctl lines read this host's current values. */
    static final Path PROC_SYS = Path.of("/proc/sys");

    /** The verdicts and settings {@code m} supports; {@code incomplete} is why the steps stopped early, or null. */
    static LinkResult of(QualifyConfig config, Instant startedAt, Measured m, String incomplete) {
        List<Verdict> verdicts = new ArrayList<>();
        PathMtuFindings.verdict(m.pathMtu()).ifPresent(verdicts::add);
        Verdict async = asyncVerdict(config, m);
        if (async != null) {
            verdicts.add(async);
        }
        List<Measured.StepResult> syncs = m.steps().stream().filter(s -> s.step().kind() == StepPlan.Kind.SYNC)
                .filter(s -> incomplete == null || s.result().incomplete() == null).toList();
        boolean loaded = syncs.stream().anyMatch(s -> s.step().loaded());
        for (Measured.StepResult s : syncs) {
            if (s.step().loaded() != loaded) {
                continue; // under load, the verdicts rest on the loaded runs; the idle ones are their reference
            }
            double fastSync = Double.NaN;
            Measured.StepResult idle = null;
            for (Measured.StepResult f : syncs) {
                boolean twin = f.step().writeSize() == s.step().writeSize();
                if (twin && s.step().affirm() && !f.step().affirm() && f.step().loaded() == loaded) {
                    fastSync = syncFigures(config, f, "", m.rttMs(), Double.NaN).p50Ms();
                }
                if (twin && loaded && !f.step().loaded() && f.step().affirm() == s.step().affirm()) {
                    idle = f;
                }
            }
            String name = (syncs.size() == (loaded ? 2 : 1) ? "SYNC" : "SYNC " + suffix(s))
                    + (loaded ? " under " + config.underLoad() : "");
            Verdicts.SyncFigures figures = syncFigures(config, s, name, m.rttMs(), fastSync);
            Verdict sync = Verdicts.thinTail(SyncReach.with(Verdicts.sync(figures, config.commitBudget()), figures,
                    config.commitBudget(), config.load().peakBytesPerSecond(), s.step().writeSize()),
                    s.result().summary().latency());
            verdicts.add(idle == null ? sync : Verdicts.underLoad(sync, Verdicts.syncBeside(
                    syncFigures(config, idle, "", m.rttMs(), Double.NaN), figures), m.load()));
        }
        long buffer = m.bufferRequested();
        List<String> sqlnet = buffer <= 0 ? List.of() : List.of("SEND_BUF_SIZE=" + buffer, "RECV_BUF_SIZE=" + buffer,
                "DEFAULT_SDU_SIZE=" + Sizing.SDU);
        LagProjection projection = config.load().fromAwr() && config.async() && !Double.isNaN(m.tunedBps())
                ? LagProjection.of(config.load(), m.tunedBps() / 8) : null;
        return new LinkResult(config, startedAt, m, List.copyOf(verdicts), sqlnet,
                buffer <= 0 ? List.of() : Sizing.sysctlLines(buffer, PROC_SYS), projection, incomplete);
    }

    /** ASYNC: the tuned single stream against the required bandwidth with a flat lag; null when not asked or run. */
    private static Verdict asyncVerdict(QualifyConfig config, Measured m) {
        LagTrace lag = m.loadedLag() != null ? m.loadedLag() : m.lag();
        if (!config.async() || lag == null) {
            return null;
        }
        // the sender's TCP_INFO: reversed, the server's (from its RESULT), which sent
        TcpStats tcp = m.tcp(StepPlan.Kind.TUNED_BUFFERS);
        long granted = Sizing.granted(Math.min(m.sndbufGranted(), m.rcvbufGranted()),
                config.target().transport().linuxNative()); // what the OS set (Linux reports twice it)
        HostTable hosts = tcp == null || config.reverse() ? null : HostTable.of(m); // the standby receives forward
        TcpStats steady = StreamLimit.steady(m, StepPlan.Kind.TUNED_BUFFERS, config.reverse()); // RTT through it
        Boolean queued = StreamLimit.queued(steady);
        StreamLimit limit = StreamLimit.of(m.tunedBps(), m.rttMs(), tcp == null ? Double.NaN : tcp.retransmitRatio(),
                tcp == null || tcp.mss() <= 0 ? Rules.DEFAULT_MSS : tcp.mss(),
                Math.min(granted, hosts == null ? Long.MAX_VALUE : hosts.standbyWindow()))
                .given(m.capacityBps(), queued).withSender(tcp == null ? null : tcp.limited());
        Verdict async = Verdicts.async(AsyncFigures.builder(config.requiredBitsPerS(), m.tunedBps(), limit)
                .lag(lag.flat(), lag.growth(), lag.lastLag()).onThisHost(TcpStats.hostInternal(config.target().host()))
                .buffers(m.bufferRequested(), m.clamped(), granted)
                .gap(config.gapBytes(), config.gapWithin(), config.load().peakBytesPerSecond())
                .congestion(Sizing.congestionControls(PROC_SYS), tcp == null ? null : tcp.congestion()).build());
        if (tcp != null && limit.limit() != StreamLimit.Limit.BUFFERS && !Boolean.TRUE.equals(queued)) {
            async = Verdicts.fewLossEvents(async, tcp.retransmits(), m.steps().stream().filter(s -> s.step()
                    .kind() == StepPlan.Kind.TUNED_BUFFERS).map(s -> s.step().duration()).findFirst().orElse(
                            Duration.ZERO),
                    config.budget());
        }
        async = PathFindings.add(async, m, steady, queued, hosts, config.target().host(), config.reverse());
        if (m.loadedLag() != null && m.lag() != null) {
            double loadedBps = m.steps().stream().filter(s -> s.step().loaded()
                    && s.step().kind() == StepPlan.Kind.REDO_RATE).mapToDouble(s -> Measured.bps(s.result()))
                    .findFirst().orElse(Double.NaN);
            async = Verdicts.underLoad(async, Verdicts.lagBeside(m.lag(), m.loadedLag()), m.load());
            if (m.lag().flat() && !m.loadedLag().flat()) {
                async = Verdicts.fairShare(async, loadedBps, config.load().peakBytesPerSecond() * 8, m.load());
            }
        }
        return async;
    }

    private static String suffix(Measured.StepResult s) {
        return s.step().idleLabel().substring("SYNC ".length());
    }

    private static Verdicts.SyncFigures syncFigures(QualifyConfig config, Measured.StepResult s, String name,
                                                    double rttMs, double fastSyncP50Ms) {
        LatencyStats l = s.result().summary().latency();
        LatencyStats d = s.result().summary().disk();
        double local = config.localLogWrite().toNanos() / 1e6;
        double disk = d == null ? 0 : d.p50();
        return new Verdicts.SyncFigures(name, Math.max(0, l.p50() - local), Math.max(0, l.p99() - local),
                Math.max(0, l.p999() - local), Math.max(0, l.p50() - disk), disk, rttMs, fastSyncP50Ms);
    }

    /** The worst verdict; INCOMPLETE when the steps stopped early. */
    public Verdict.Status overall() {
        return incomplete != null ? Verdict.Status.INCOMPLETE : Verdict.worst(verdicts);
    }

    public ObjectNode toJson() {
        ObjectNode p = Json.object();
        p.put("host", config.target().host());
        p.put("port", config.target().port());
        p.set("route", config.target().route().toJson(-1));
        if (config.reverse()) {
            p.put("reverse", true);
        }
        p.put("redo_rate_bytes_s", config.load().peakBytesPerSecond());
        p.put("redo_source", config.load().source());
        p.put("redo_rate_statistic", config.load().statistic());
        putNumber(p, "redo_p95_bytes_s", config.load().p95BytesPerSecond());
        if (config.load().fromAwr()) {
            p.put("redo_highest_average_bytes_s", config.load().highestAverageBytesPerSecond());
            p.put("awr_times", RedoLoad.TIMES);
        }
        p.put("tcp_efficiency", config.tcpEfficiency());
        p.put("mode", config.async() && config.sync() ? "both" : config.async() ? "async" : "sync");
        ArrayNode sizes = p.putArray("redo_write_sizes");
        config.writeSizes().forEach(sizes::add);
        p.put("affirm", config.affirm());
        p.put("commit_budget_ms", config.commitBudget().toNanos() / 1e6);
        p.put("local_log_write_ms", config.localLogWrite().toNanos() / 1e6);
        p.put("gap_bytes", config.gapBytes());
        if (config.gapWithin() != null) {
            p.put("gap_within_s", config.gapWithin().toSeconds());
        }
        p.put("budget_s", config.budget().toSeconds());
        p.put("payload", config.payload().toString());
        p.put("redo_payload", config.redoPayload().toString());
        ObjectNode doc = ResultEnvelope.incomplete(ResultEnvelope.of("qualify", startedAt, p, summary(), null,
                List.of()), incomplete);
        ArrayNode steps = doc.putArray("steps");
        for (Measured.StepResult s : measured.steps()) {
            ObjectNode n = steps.addObject();
            n.put("step", s.step().kind().name().toLowerCase(Locale.ROOT));
            n.put("label", s.step().label());
            n.set("result", s.result().toJson());
        }
        return doc;
    }

    /** A redo sample's compression: what each codec leaves, the bandwidth then needed, and its CPU at the peak. */
    private static ObjectNode compression(RedoCompression c, double requiredBitsPerS, double peak) {
        ObjectNode n = Json.object();
        n.put("sample", c.sample().toString());
        n.put("sample_bytes", c.bytes());
        n.put("looks_like_redo", c.looksLikeRedo());
        ObjectNode zlib = n.putObject("zlib");
        zlib.put("ratio", c.zlibRatio());
        zlib.put("cpu_s_per_gib", c.zlibCpuPerGib());
        zlib.put("required_bps", c.compressedBps(requiredBitsPerS));
        zlib.put("cores_at_peak", c.zlibCores(peak));
        ObjectNode lz4 = n.putObject("lz4");
        lz4.put("ratio", c.lz4Ratio());
        lz4.put("cpu_s_per_gib", c.lz4CpuPerGib());
        lz4.put("required_bps", requiredBitsPerS * c.lz4Ratio());
        lz4.put("cores_at_peak", c.lz4Cores(peak));
        return n;
    }

    private ObjectNode summary() {
        Measured m = measured;
        ObjectNode s = Json.object();
        s.put("overall", overall().name());
        ArrayNode v = s.putArray("verdicts");
        verdicts.forEach(x -> v.add(x.toJson()));
        s.put("required_bps", config.requiredBitsPerS());
        s.put("required_formula", String.format(Locale.ROOT, "%.1f MB/s: ", config.load().peakBytesPerSecond() / 1e6)
                + Sizing.requiredRule(config.tcpEfficiency()));
        if (config.compression() != null) {
            s.set("compression", compression(config.compression(), config.requiredBitsPerS(),
                    config.load().peakBytesPerSecond()));
        }
        s.set("path_mtu", PathMtuFindings.json(m.pathMtu()));
        putNumber(s, "rtt_ms", m.rttMs());
        putNumber(s, "min_rtt_ms", m.minRttMs());
        putNumber(s, "capacity_bps", m.capacityBps());
        putNumber(s, "default_buffers_bps", m.defaultBps());
        putNumber(s, "tuned_buffers_bps", m.tunedBps());
        s.put("bdp_bytes", m.bdpBytes());
        ObjectNode b = s.putObject("buffers");
        b.put("requested", m.bufferRequested());
        b.put("sndbuf_granted", m.sndbufGranted());
        b.put("rcvbuf_granted", m.rcvbufGranted());
        b.put("clamped", m.clamped());
        if (m.lag() != null) {
            putLag(s.putObject("lag"), m.lag());
        }
        if (m.loadedLag() != null) {
            putLag(s.putObject("lag_under_load"), m.loadedLag());
        }
        if (m.load() != null) {
            s.set("under_load", underLoad(m, config.underLoad()));
        }
        s.set("settings", HostTable.settingsJson(sqlnet, sysctl, m));
        if (projection != null) {
            ObjectNode pr = s.putObject("lag_projection");
            pr.put("peak_lag_s", projection.peak().lagSeconds());
            pr.put("peak_at", projection.peak().end().toString());
            pr.put("times", RedoLoad.TIMES);
            ArrayNode pts = pr.putArray("points");
            projection.points().forEach(x -> pts.addObject().put("end", x.end().toString())
                    .put("redo_bytes_s", x.redoBytesPerSecond()).put("redo_peak_bytes_s", x.redoPeakBytesPerSecond())
                    .put("backlog_bytes", x.backlogBytes())
                    .put("lag_s", x.lagSeconds()));
        }
        return s;
    }

    private static void putLag(ObjectNode lag, LagTrace trace) {
        lag.setAll(trace.summaryJson());
        ArrayNode pts = lag.putArray("points");
        trace.points().forEach(x -> pts.addObject().put("t_s", x.tSeconds()).put("lag_s", x.lagSeconds()));
    }

    /** The load, what it carried, and each loaded step's percentiles beside its idle twin's. */
    private static ObjectNode underLoad(Measured m, UnderLoad u) {
        ObjectNode n = m.load().toJson(u);
        ArrayNode pairs = n.putArray("steps");
        for (Measured.StepResult loaded : m.steps()) {
            if (!loaded.step().loaded()) {
                continue;
            }
            for (Measured.StepResult idle : m.steps()) {
                if (!idle.step().loaded() && idle.step().idleLabel().equals(loaded.step().idleLabel())) {
                    ObjectNode p = pairs.addObject();
                    p.put("label", idle.step().idleLabel());
                    p.set("idle", percentiles(idle.result()));
                    p.set("loaded", percentiles(loaded.result()));
                }
            }
        }
        return n;
    }

    private static ObjectNode percentiles(TestResult r) {
        ObjectNode n = Json.object();
        LatencyStats l = r.summary().latency();
        if (l != null) { // SYNC steps; the paced step's figure is its lag
            n.put("p50_ms", l.p50());
            n.put("p90_ms", l.p90());
            n.put("p99_ms", l.p99());
            n.put("p999_ms", l.p999());
        }
        n.put("throughput_mib_s", r.summary().throughputMibS());
        return n;
    }

    static void putNumber(ObjectNode n, String field, double v) {
        if (Double.isFinite(v)) {
            n.put(field, v);
        } else {
            n.putNull(field);
        }
    }

    /** The step results of one kind, in order. */
    public List<TestResult> results(StepPlan.Kind kind) {
        return measured.steps().stream().filter(s -> s.step().kind() == kind).map(Measured.StepResult::result).toList();
    }
}
