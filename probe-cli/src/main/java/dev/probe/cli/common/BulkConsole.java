package dev.probe.cli.common;

import static dev.probe.core.units.Text.fmt;

import dev.probe.core.bulk.BulkConfig;
import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import dev.probe.core.payload.Payload;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.BulkListener;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;
import dev.probe.core.result.BulkSummary;
import dev.probe.core.result.ChannelStats;
import dev.probe.core.result.ModelProjection;
import dev.probe.core.result.SteadyRate;
import dev.probe.core.result.TcpStats;
import dev.probe.core.units.Durations;
import dev.probe.core.units.Sizes;
import java.io.PrintWriter;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** Prints a bulk run: request block, one progress line per interval (with a bar on a terminal), the summary. */
public final class BulkConsole implements BulkListener {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final PrintWriter out;
    private final boolean terminal;

    public BulkConsole(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    public void printRequest(BulkConfig config, String note) {
        BulkParams p = config.params();
        out.println("[Requesting a bulk run]");
        if (note != null) {
            out.println("NOTE: " + note + ".");
        }
        long pieces = p.volume() > 0 ? p.pieceCount() : Long.MAX_VALUE;
        if (pieces < p.channels()) {
            out.println(fmt(
                    "WARNING: %d channels but %d piece%s: %d channel%s will sit idle, and the projection is for "
                            + "the %d that run in parallel.", p.channels(), pieces, pieces == 1 ? "" : "s", p.channels()
                                    - pieces,
                    p.channels() - pieces == 1 ? "" : "s", pieces));
        }
        setting("Direction", p.direction() == Direction.BACKUP ? "BACKUP (client to server)"
                : "RESTORE (server to client)");
        setting("Channels", String.valueOf(p.channels()));
        setting("Piece size", Sizes.describe(p.pieceSize()));
        setting(p.volume() > 0 ? "Volume" : "Duration", p.volume() > 0
                ? p.volume() + " bytes (" + p.pieceCount() + " pieces)" : Durations.describe(p.duration()));
        setting("Payload content type", p.payload().describe());
        setting("Verification", !p.verify() ? "NO" : p.payload().derivable() ? "CRC32C of every 1 Mbyte chunk"
                : "CRC32C of every piece, checked by the sender");
        setting("Socket buffer", p.sockbuf() == 0 ? "(system default)" : p.sockbuf() + " bytes");
        setting("Run id", p.runId());
        setting("Projection for", fmt("%.2f TB (%d bytes)", config.dbSize() / 1e12, config.dbSize()));
        out.println();
        out.flush();
    }

    private void setting(String name, String value) {
        out.println(fmt("\t%-22s = %s", name, value));
    }

    @Override
    public void onReady(Ready ready) {
        out.println("(" + now() + ") The server is ready (storage: " + ready.storage() + ").");
        out.println(fmt("%10s%16s%18s%14s%12s", "", "Throughput", "", "Pieces", "ETA"));
        out.flush();
    }

    @Override
    public void onProgress(BulkProgress p) {
        String pieces = p.piecesTotal() >= 0 ? p.piecesDone() + "/" + p.piecesTotal() : String.valueOf(p.piecesDone());
        String eta = Double.isNaN(p.etaSeconds()) ? "-" : clock(p.etaSeconds());
        StringBuilder line = new StringBuilder(fmt("(%s)%9.3f Gbit/s%12.1f MB/s%14s%12s", now(), p.gbps(), p
                .gbps() * 125,
                pieces, eta));
        if (p.tcp() != null) {
            line.append(fmt("   retrans %d", p.tcp().retransmits()));
        }
        if (terminal && p.piecesTotal() > 0) {
            int filled = (int) Math.round(20.0 * p.piecesDone() / p.piecesTotal());
            line.append("  [").append("#".repeat(filled)).append("-".repeat(20 - filled)).append(']');
        }
        out.println(line);
        out.flush();
    }

    @Override
    public void onFinished(BulkResult r) {
        BulkSummary s = r.summary();
        out.println("(" + now() + ") Run " + (r.incomplete() == null ? "finished." : "INCOMPLETE: " + r.incomplete()
                + "; the figures cover what moved until then."));
        printTotals(s, ", every chunk verified");
        List<ChannelStats> ch = r.channels();
        long[] pieces = ch.stream().mapToLong(ChannelStats::pieces).sorted().toArray();
        long[] bytes = ch.stream().mapToLong(ChannelStats::bytes).sorted().toArray();
        row("Pieces per channel", fmt("%d / %d / %d", pieces[0], pieces[pieces.length / 2], pieces[pieces.length - 1]));
        row("Bytes per channel", fmt("%d / %d / %d", bytes[0], bytes[bytes.length / 2], bytes[bytes.length - 1]));
        TcpStats t = s.tcp();
        if (t != null) {
            row("TCP (" + (r.params().direction() == Direction.BACKUP ? "client" : "server") + " side)",
                    fmt("RTT %.3f ms, retransmits %d of %d segments (%s)%s", t.rttMs(), t.retransmits(),
                            t.segmentsSent(), Double.isNaN(t.retransmitRatio()) ? "n/a"
                                    : fmt("%.4f %%", 100 * t.retransmitRatio()),
                            t.congestion() == null ? "" : ", " + t.congestion()));
            if (t.limited() != null && t.limited().known()) {
                row("Senders limited by", t.limited().describe());
            }
        } else {
            row("TCP_INFO", "unavailable");
        }
        boolean backup = r.params().direction() == Direction.BACKUP;
        CpuLine.of(s.cpu(), backup ? "sender" : "receiver", s.serverCpu(), backup ? "receiver" : "sender", s.bytes())
                .forEach(out::println);
        printProjection(s, r.incomplete() != null);
        printCompressed(r.params().payload(), s);
    }

    /**
     * For a compressible payload (RMAN's COMPRESSION LOW/MEDIUM): the rate on the wire and the rate in database
     * blocks it stands for, and the projection for the database compressed so.
     */
    public void printCompressed(Payload payload, BulkSummary s) {
        if (payload.type() != Payload.Type.COMPRESSIBLE || s.durationS() <= 0) {
            return;
        }
        double wire = s.bytes() / (double) (1L << 30) / s.durationS() * 3600;
        row("Wire rate (" + payload + ")", fmt("%.1f GiB/h", wire));
        row("Logical rate (database blocks)", fmt("%.1f GiB/h (wire / %s, as RMAN COMPRESSION LOW/MEDIUM to %s)",
                wire / payload.ratio(), fmtRatio(payload.ratio()), fmtRatio(payload.ratio())));
        row(fmt("Projected, compressed to %s", fmtRatio(payload.ratio())), fmt("%s for %.2f TB of blocks",
                Durations.readable(s.projectedMinutes() * payload.ratio() * 60), s.dbSize() / 1e12));
        out.flush();
    }

    private static String fmtRatio(double r) {
        return fmt("%.2f", r);
    }

    /** Total time, bytes moved ({@code verifiedNote} when verified), aggregate and per-channel throughput. */
    public void printTotals(BulkSummary s, String verifiedNote) {
        row("Total time", fmt("%.2f s", s.durationS()));
        row("Moved", fmt("%d bytes in %d whole piece%s%s%s", s.bytes(), s.pieces(), s.pieces() == 1 ? "" : "s",
                s.pieces() == 0 && s.bytes() > 0 ? " (the pieces under way were cut when the time was up; a smaller "
                        + "--piece-size gives whole ones)" : "", s.verified() ? verifiedNote : ""));
        row("Aggregate throughput", fmt("%.3f Gbit/s (%.1f MB/s)", s.throughputGbps(), s.throughputGbps() * 125));
        row("Per channel min/median/max", fmt("%.3f / %.3f / %.3f Gbit/s", s.channelMinGbps(), s.channelMedianGbps(),
                s.channelMaxGbps()));
    }

    /**
     * The projected time for the run's database size from its steady half, with the range its quarters give, and
     * the model's for the same path beside it; from an {@code interrupted} run it says so, as its rate may not be the
     * steady one.
     */
    public void printProjection(BulkSummary s, boolean interrupted) {
        SteadyRate st = s.steady();
        String range = st == null ? " (from the whole run: too few intervals for a steady half)"
                : fmt("; %s from the steady half's quarters (%.0f-%.0f s, %.3f Gbit/s)", minutes(
                        st.minutesLow(s.dbSize()), st.minutesHigh(s.dbSize())), st.fromS(), st.toS(), st.gbps());
        row(fmt("Projected for %.2f TB", s.dbSize() / 1e12), fmt("%s%s%s%s", Durations.readable(s
                .projectedMinutes() * 60),
                range, s.channelsActive() < s.channels() ? fmt(" (at the %d of %d channels that moved data)",
                        s.channelsActive(), s.channels()) : "", interrupted
                                ? " (from an interrupted run: the rate until "
                                        + "the stop, which may not be its steady one)" : ""));
        ModelProjection m = s.model();
        if (m != null) {
            double ratio = m.streamsOverPapers(st == null ? Double.NaN : st.gbps());
            row("The model for this path", fmt("%s; %s: report predict's model of the paper's streams at %.1f ms and "
                    + "%.3f %% retransmitted, %d channels, no cap%s; %s (report predict --from this result fits the "
                    + "model to this link)", Durations.readable(m.prediction().minutes() * 60),
                    minutes(m.prediction().minutesLow(), m.prediction().minutesHigh()), m.rttMs(), m.lossPct(),
                    m.channels(), m.fitted() ? "" : " (beyond the paper's round trips and losses)",
                    Double.isFinite(ratio) ? fmt("this run's streams carried %.2f x the paper's in its steady half",
                            ratio) : m.queued() ? "this run built a queue, so its path's capacity held it, not the "
                                    + "loss: no comparison with the paper's loss-limited streams"
                                    : "too few intervals for a "
                                            + "steady half to compare with the paper's"));
        }
        out.flush();
    }

    /** "19,266-23,927 min", or "19,266 min or more" without an upper end. */
    private static String minutes(double low, double high) {
        return Double.isFinite(high) ? fmt("%,.0f-%,.0f min", low, high) : fmt("%,.0f min or more", low);
    }

    /** Lines printed as they are. */
    public void lines(List<String> lines) {
        lines.forEach(out::println);
    }

    /** One summary line, label right-aligned like oratcptest's. */
    public void row(String label, String value) {
        out.println(fmt("%32s = %s", label, value));
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? fmt("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : fmt("%d:%02d", s / 60, s % 60);
    }

    private static String now() {
        return LocalTime.now().format(CLOCK);
    }

}
