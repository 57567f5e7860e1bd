package dev.probe.core.nfs;

import dev.probe.core.protocol.BadParameterException;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * One network path to the NFS server, as oranfstab pairs them: the client's {@code local} address (null: any) and
 * the server's {@code remote} address. Written {@code LOCAL=REMOTE}, or just {@code REMOTE}.
 *
 * @param local  the client address the path's connections are made from, or null
 * @param remote the server's address on this path
 */
public record NfsPath(String local, String remote) {
    /** dNFS takes up to four paths per server. */
    public static final int MAX_PATHS = 4;

    public NfsPath {
        if (remote == null || remote.isBlank()) {
            throw new BadParameterException("path", "'" + local + "=' names no server address");
        }
    }

    /** {@code LOCAL=REMOTE} or {@code REMOTE}; fails naming the bad one. */
    public static NfsPath parse(String text) {
        String t = text.trim();
        int eq = t.indexOf('=');
        if (eq == 0 || t.isEmpty() || eq == t.length() - 1 || t.indexOf('=', eq + 1) >= 0 || t.contains(" ")) {
            throw new BadParameterException("path", "'" + text + "' is not LOCAL=REMOTE (oranfstab's local and path)");
        }
        return eq < 0 ? new NfsPath(null, t) : new NfsPath(t.substring(0, eq), t.substring(eq + 1));
    }

    /** The paths {@code texts} name, or one path to {@code server} from any address when there are none. */
    public static List<NfsPath> of(List<String> texts, String server) {
        if (texts == null || texts.isEmpty()) {
            return List.of(new NfsPath(null, server));
        }
        if (texts.size() > MAX_PATHS) {
            throw new BadParameterException("path", texts.size() + " paths; dNFS takes at most " + MAX_PATHS);
        }
        return texts.stream().map(NfsPath::parse).toList();
    }

    /** The address this path's connections are made from: {@code local}, any port; null when any address will do. */
    public InetSocketAddress from() {
        return local == null ? null : new InetSocketAddress(local, 0);
    }

    @Override
    public String toString() {
        return (local == null ? "" : local + "=") + remote;
    }
}
