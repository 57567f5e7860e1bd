package dev.probe.core.nfs;

import dev.probe.core.protocol.BadParameterException;

/**
 * An NFS export as a mount names it: {@code SERVER:/EXPORT} (an IPv6 server in brackets).
 *
 * @param server the server's host name or address
 * @param export the exported path, absolute
 */
public record NfsTarget(String server, String export) {
    public NfsTarget {
        if (server == null || server.isBlank() || export == null || !export.startsWith("/")
                || export.length() > Nfs3.MAX_PATH) {
            throw new BadParameterException("nfs", "'" + server + ":" + export + "' is not SERVER:/EXPORT");
        }
    }

    /** Parses {@code SERVER:/EXPORT}; fails naming the text and {@code --nfs}. */
    public static NfsTarget parse(String text) {
        return parse(text, "nfs");
    }

    /** Parses {@code SERVER:/EXPORT} given as {@code flag}; fails naming both. */
    public static NfsTarget parse(String text, String flag) {
        String t = text == null ? "" : text.trim();
        int colon = t.startsWith("[") ? t.indexOf("]:") + 1 : t.indexOf(':');
        if (colon <= 0 || colon == t.length() - 1 || t.charAt(colon + 1) != '/' || t.length() > Nfs3.MAX_PATH + 300) {
            throw new BadParameterException(flag, "'" + text + "' is not SERVER:/EXPORT (as a mount names it)");
        }
        String server = t.substring(0, colon);
        return new NfsTarget(server.startsWith("[") ? server.substring(1, server.length() - 1) : server,
                t.substring(colon + 1));
    }

    /** {@code nfs://SERVER/EXPORT}: where a check's points ran, as its results name it. */
    public String uri() {
        return "nfs://" + server + export;
    }

    @Override
    public String toString() {
        return (server.contains(":") ? "[" + server + "]" : server) + ":" + export;
    }
}
