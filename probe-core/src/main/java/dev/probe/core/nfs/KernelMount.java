package dev.probe.core.nfs;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mount a directory lies on, as {@code /proc/mounts} lists it: source, mount point, file system type and the
 * options in force (for NFS: vers, proto, rsize, wsize, hard or soft, actimeo or noac, nconnect).
 *
 * @param options each option's value ("" for a flag such as {@code hard})
 */
public record KernelMount(String source, String mountPoint, String type, Map<String, String> options) {
    public KernelMount {
        options = Map.copyOf(options);
    }

    /** True for an NFS mount (nfs, nfs4). */
    public boolean nfs() {
        return type.startsWith("nfs");
    }

    /** An option's value as a number, or -1 when absent or not one. */
    public long number(String option) {
        try {
            return Long.parseLong(options.getOrDefault(option, "-1"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public boolean has(String option) {
        return options.containsKey(option);
    }

    /** The mount holding {@code dir} (a real path) among {@code procMounts}' lines: the longest matching point. */
    public static KernelMount find(Path dir, List<String> procMounts) {
        KernelMount best = null;
        for (String line : procMounts) {
            String[] f = line.split(" ");
            if (f.length < 4) {
                continue;
            }
            String point = unescape(f[1]);
            if (dir.startsWith(Path.of(point)) && (best == null || point.length() > best.mountPoint().length())) {
                best = new KernelMount(unescape(f[0]), point, f[2], options(f[3]));
            }
        }
        return best;
    }

    private static Map<String, String> options(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String o : text.split(",")) {
            int eq = o.indexOf('=');
            out.put(eq < 0 ? o : o.substring(0, eq), eq < 0 ? "" : o.substring(eq + 1));
        }
        return out;
    }

    /** /proc/mounts writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
