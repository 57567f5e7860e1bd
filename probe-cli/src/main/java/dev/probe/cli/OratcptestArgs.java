package dev.probe.cli;

import dev.probe.core.error.UsageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites oratcptest's spelling into probe's, so existing runbooks work unchanged:
 * {@code -server [HOST] -port=5555 -file=F} becomes {@code server --bind HOST --port 5555 --file F}, and
 * {@code HOST -port=5555 -mode=async -num_conn=4 -write} becomes {@code client HOST --port 5555 --mode async
 * --num-conn 4 --write}. Arguments already in probe's spelling pass through.
 */
final class OratcptestArgs {
    private static final Map<String, String> VALUED = Map.ofEntries(
            Map.entry("port", "--port"), Map.entry("mode", "--mode"), Map.entry("length", "--length"),
            Map.entry("duration", "--duration"), Map.entry("interval", "--interval"),
            Map.entry("num_conn", "--num-conn"), Map.entry("sockbuf", "--sockbuf"), Map.entry("file", "--file"),
            Map.entry("timeout", "--timeout"));
    private static final Set<String> UNSUPPORTED = Set.of("delay", "freq");

    private OratcptestArgs() {
    }

    /** True when {@code args} are in oratcptest's spelling (none of probe's {@code commands} first). */
    static boolean applies(String[] args, Set<String> commands) {
        if (args.length == 0) {
            return false;
        }
        String first = args[0];
        return first.equals("-server") || !first.startsWith("-") && !commands.contains(first) && !first.equals("help");
    }

    /**
     * The command {@code args[0]} is a misspelling of (within two edits of a command's name, and no host: no dot or
     * colon in it), or null. oratcptest's spelling reads a bare first word as the server's host, so without this
     * {@code probe qualifiy HOST} would be a client run to a host called "qualifiy". A word that may well be a host
     * in oratcptest's spelling (followed by options, or alone with a digit in it: {@code probe disk1 -mode=sync})
     * is left to it.
     */
    static String nearCommand(String[] args, Set<String> commands) {
        if (args.length == 0 || args[0].startsWith("-") || commands.contains(args[0]) || args[0].contains(".")
                || args[0].contains(":")) {
            return null;
        }
        boolean secondWord = args.length >= 2 && !args[1].startsWith("-");
        boolean lone = args.length == 1 && args[0].chars().noneMatch(Character::isDigit);
        if (!secondWord && !lone) {
            return null;
        }
        String best = null;
        int bestDistance = 3;
        for (String c : commands) {
            int d = distance(args[0].toLowerCase(Locale.ROOT), c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1),
                        prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** Parameter names (num_conn) and how the user typed them in oratcptest's spelling (-num_conn=). */
    static Map<String, String> typed(String[] args) {
        Map<String, String> typed = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (arg.startsWith("-") && !arg.startsWith("--") && eq > 1 && VALUED.containsKey(arg.substring(1, eq))) {
                typed.put(arg.substring(1, eq), arg.substring(0, eq + 1));
            }
        }
        return typed;
    }

    /** The same request in probe's spelling; throws {@link IllegalArgumentException} for options it lacks. */
    static String[] translate(String[] args) {
        List<String> out = new ArrayList<>();
        int i = 0;
        if (args[0].equals("-server")) {
            out.add("server");
            i = 1;
            if (args.length > 1 && !args[1].startsWith("-")) {
                out.add("--bind");
                out.add(args[1]);
                i = 2;
            }
        } else {
            out.add("client");
        }
        for (; i < args.length; i++) {
            out.addAll(option(args[i]));
        }
        return out.toArray(new String[0]);
    }

    private static List<String> option(String arg) {
        if (!arg.startsWith("-") || arg.startsWith("--")) {
            return List.of(arg);
        }
        String body = arg.substring(1);
        int eq = body.indexOf('=');
        String name = eq < 0 ? body : body.substring(0, eq);
        if (name.equals("write")) {
            return List.of("--write");
        }
        if (name.equals("h") || name.equals("help")) {
            return List.of("--help");
        }
        if (UNSUPPORTED.contains(name)) {
            throw new UsageException("oratcptest option -" + name + " is not supported by probe"
                    + (name.equals("delay") || name.equals("freq") ? "; use --rate N (messages per second)" : ""));
        }
        String modern = VALUED.get(name);
        if (modern == null) {
            throw new UsageException("unknown oratcptest option '" + arg + "'");
        }
        if (eq < 0) {
            throw new UsageException("oratcptest option -" + name + " needs a value, as -" + name + "=VALUE");
        }
        return List.of(modern, body.substring(eq + 1));
    }
}
