package dev.probe.cli;

import java.util.ArrayList;
import java.util.List;
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

    /** Parameter names (num_conn) and how the user typed them in oratcptest's spelling (-num_conn=). */
    static Map<String, String> typed(String[] args) {
        Map<String, String> typed = new java.util.HashMap<>();
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
            throw new IllegalArgumentException("oratcptest option -" + name + " is not supported by probe"
                    + (name.equals("delay") || name.equals("freq") ? "; use --rate N (messages per second)" : ""));
        }
        String modern = VALUED.get(name);
        if (modern == null) {
            throw new IllegalArgumentException("unknown oratcptest option '" + arg + "'");
        }
        if (eq < 0) {
            throw new IllegalArgumentException("oratcptest option -" + name + " needs a value, as -" + name + "=VALUE");
        }
        return List.of(modern, body.substring(eq + 1));
    }
}
