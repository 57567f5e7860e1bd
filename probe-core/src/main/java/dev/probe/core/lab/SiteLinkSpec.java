package dev.probe.core.lab;

import dev.probe.core.error.UsageException;
import dev.probe.core.params.Direction;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.units.Rates;
import java.util.Locale;

/**
 * One link of a lab of several sites, as {@code lab up --link A:B,rtt-ms=40,loss-pct=0.1,rate=1gbit} writes it: the
 * two sites and the impairment, loss on the way from A to B (the direction the redo flows) unless {@code loss-both}.
 * Keys: rtt-ms, loss-pct, rate, loss-both, mtu, limit, max-delay-ms, unit-segments, reorder-pct, police, path-mtu,
 * icmp (pass or drop), ecmp (PATHS:SPREAD_MS), as the two-site flags.
 *
 * @param a    the first site (data flows from it)
 * @param b    the second site
 * @param spec the impairment; towards B is its "server" direction
 */
public record SiteLinkSpec(String a, String b, LinkSpec spec) {

    /** The segments per unit of loss when {@code unit-segments} is not given (as the two-site lab's default). */
    public static final int DEFAULT_UNIT_SEGMENTS = 3;

    /** {@code text} as --link takes it; a bad key or value is one line quoting the whole text. */
    public static SiteLinkSpec parse(String text) {
        String[] parts = text.split(",", -1);
        String[] ends = parts[0].split(":", -1);
        if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
            throw bad(text, "starts with the two sites, A:B (e.g. prim:fs1,rtt-ms=1)");
        }
        if (ends[0].equals(ends[1])) {
            throw bad(text, "joins " + ends[0] + " to itself");
        }
        LinkSpec.Builder b = LinkSpec.builder().direction(Direction.BACKUP).unitSegments(DEFAULT_UNIT_SEGMENTS);
        for (int i = 1; i < parts.length; i++) {
            String[] kv = parts[i].split("=", 2);
            String key = kv[0].trim().toLowerCase(Locale.ROOT);
            String value = kv.length == 2 ? kv[1].trim() : null;
            try {
                apply(b, key, value, text);
            } catch (NumberFormatException e) {
                throw bad(text, key + "=" + value + " is not a number");
            }
        }
        try {
            return new SiteLinkSpec(ends[0], ends[1], b.build());
        } catch (BadParameterException e) {
            throw bad(text, e.getMessage());
        }
    }

    private static void apply(LinkSpec.Builder b, String key, String value, String text) {
        if (key.equals("loss-both")) {
            b.lossBoth(true);
            return;
        }
        if (value == null || value.isEmpty()) {
            throw bad(text, "'" + key + "' needs a value (" + key + "=...)");
        }
        switch (key) {
            case "rtt-ms" -> b.rttMs(Double.parseDouble(value));
            case "loss-pct" -> b.lossPct(Double.parseDouble(value));
            case "rate" -> b.rateBps(rate(key, value, text));
            case "mtu" -> b.mtu(Integer.parseInt(value));
            case "limit" -> b.limit(Integer.parseInt(value));
            case "max-delay-ms" -> b.maxDelayMs(Double.parseDouble(value));
            case "unit-segments" -> b.unitSegments(Integer.parseInt(value));
            case "reorder-pct" -> b.reorderPct(Double.parseDouble(value));
            case "police" -> b.policeBps(rate(key, value, text));
            case "path-mtu" -> b.pathMtu(Integer.parseInt(value));
            case "icmp" -> b.icmpBlocked(icmpBlocked(value, text));
            case "ecmp" -> ecmp(b, value, text);
            default -> throw bad(text, "unknown key '" + key + "' (rtt-ms, loss-pct, rate, loss-both, mtu, limit, "
                    + "max-delay-ms, unit-segments, reorder-pct, police, path-mtu, icmp, ecmp)");
        }
    }

    /** {@code ecmp=PATHS:SPREAD_MS}: the data spread over that many paths, the slowest that much longer one way. */
    private static void ecmp(LinkSpec.Builder b, String value, String text) {
        String[] parts = value.split(":", -1);
        if (parts.length != 2) {
            throw bad(text, "ecmp=" + value + " is not PATHS:SPREAD_MS (e.g. ecmp=2:20)");
        }
        b.ecmp(Integer.parseInt(parts[0]), Double.parseDouble(parts[1]));
    }

    /** {@code icmp=pass} or {@code icmp=drop}, as {@link LinkSpec#icmpBlocked(String)} reads it. */
    private static boolean icmpBlocked(String value, String text) {
        try {
            return LinkSpec.icmpBlocked(value);
        } catch (BadParameterException e) {
            throw bad(text, e.getMessage());
        }
    }

    private static long rate(String key, String value, String text) {
        try {
            return Rates.parseBitRate(value);
        } catch (IllegalArgumentException e) {
            throw bad(text, key + ": " + e.getMessage());
        }
    }

    private static UsageException bad(String text, String message) {
        return new UsageException("--link '" + text + "': " + message);
    }

    /** Whether this link joins {@code x} and {@code y}, either way round. */
    public boolean joins(String x, String y) {
        return a.equals(x) && b.equals(y) || a.equals(y) && b.equals(x);
    }
}
