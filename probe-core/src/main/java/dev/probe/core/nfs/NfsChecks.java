package dev.probe.core.nfs;

import java.util.ArrayList;
import java.util.List;

/**
 * What Oracle requires or advises of NFS storage, checked from the server's FSINFO and, for the kernel client, the
 * mount's options: rtmax and wtmax at least 32,768; the transfer sizes in use; hard mounts over TCP; rsize and wsize;
 * attribute caching ({@code actimeo=0}/{@code noac}) where RAC shares the files; {@code nconnect}.
 */
public final class NfsChecks {
    /** Oracle's minimum for the server's largest READ and WRITE (and the kernel's rsize, wsize). */
    public static final long ORACLE_MIN = 32_768;

    /**
     * One finding.
     *
     * @param status {@code ok}, {@code warn} or {@code fail}
     * @param text   what was found and why it matters, in words
     */
    public record Check(String status, String text) {
    }

    private NfsChecks() {
    }

    /** The server's limits, and the transfers probe sends under them. */
    public static List<Check> server(Nfs3.FsInfo info) {
        List<Check> out = new ArrayList<>();
        out.add(minimum("the server's wtmax (largest WRITE)", info.wtmax()));
        out.add(minimum("the server's rtmax (largest READ)", info.rtmax()));
        out.add(new Check("ok", String.format("transfers in use: up to %d bytes per READ and WRITE (the server's "
                + "limits, at most 1 MiB); it prefers %d-byte READs and %d-byte WRITEs", info.maxTransfer(), info
                        .rtpref(),
                info.wtpref())));
        return out;
    }

    /** The kernel client's mount of {@code dir}, or why its column is not the kernel NFS client. */
    public static List<Check> kernel(String dir, KernelMount m) {
        List<Check> out = new ArrayList<>();
        if (m == null || !m.nfs()) {
            out.add(new Check("warn", "--dir " + dir + " is on " + (m == null ? "an unknown file system" : m.type())
                    + ", not an NFS mount: its column is that storage, not the kernel NFS client"));
            return out;
        }
        String at = m.mountPoint() + " (" + m.source() + ")";
        for (String size : new String[] {"rsize", "wsize"}) {
            if (m.number(size) >= 0) {
                out.add(minimum(at + "'s " + size, m.number(size)));
            }
        }
        out.add(m.has("soft")
                ? new Check("fail", at + " is mounted soft: Oracle requires hard mounts for its files (a soft mount "
                        + "returns an I/O error to the database when the server is slow)")
                : new Check("ok", at + " is mounted hard, as Oracle requires"));
        if ("udp".equals(m.options().get("proto"))) {
            out.add(new Check("fail", at + " runs over UDP: Oracle requires TCP"));
        }
        boolean noCache = m.has("noac") || "0".equals(m.options().get("actimeo"));
        out.add(new Check(noCache ? "ok" : "warn", noCache
                ? at + " caches no attributes (actimeo=0 or noac), as Oracle requires where RAC instances share files"
                : at + " caches attributes (no actimeo=0, no noac): fine for a single instance; RAC datafiles, "
                        + "voting and OCR files need actimeo=0"));
        long nconnect = m.number("nconnect");
        out.add(new Check("ok", nconnect > 1 ? at + " opens " + nconnect + " connections to its server (nconnect)"
                : at + " opens one connection to its server (no nconnect): every I/O shares one TCP stream"));
        return out;
    }

    private static Check minimum(String what, long value) {
        return value >= ORACLE_MIN
                ? new Check("ok", what + " is " + value + " bytes, at least the " + ORACLE_MIN + " Oracle requires")
                : new Check("fail", what + " is " + value + " bytes, under the " + ORACLE_MIN + " Oracle requires");
    }
}
