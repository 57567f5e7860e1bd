package dev.probe.core.client;

import dev.probe.core.error.UsageException;
import dev.probe.core.protocol.BadParameterException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a probe agent or monitor may send probe traffic ({@code --allow-targets}): address ranges in CIDR form
 * ({@code 10.1.0.0/16}, {@code fd00::/8}), single addresses, and host names matched as written. A leg's host is
 * allowed when its name is listed, or when every address it resolves to lies in a listed range (so a name cannot
 * smuggle in an address outside them).
 */
public final class AllowedTargets {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.\\-]{0,251}[A-Za-z0-9])?");
    private final List<String> entries;
    private final List<String> names = new ArrayList<>();
    private final List<Range> ranges = new ArrayList<>();

    /** One address range: the first {@code bits} bits of {@code network}. */
    private record Range(byte[] network, int bits) {
        boolean contains(InetAddress a) {
            byte[] b = a.getAddress();
            if (b.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >>> (i % 8);
                if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private AllowedTargets(List<String> entries) {
        this.entries = List.copyOf(entries);
        for (String e : entries) {
            parse(e);
        }
    }

    /**
     * The targets {@code entries} name (as the user wrote them in {@code flag}); a bad entry is a
     * {@link BadParameterException} naming it.
     */
    public static AllowedTargets of(String flag, List<String> entries) {
        if (entries == null || entries.isEmpty()) {
            throw new BadParameterException(flag, "names no host or address range");
        }
        try {
            return new AllowedTargets(entries);
        } catch (IllegalArgumentException e) {
            throw new BadParameterException(flag, e.getMessage());
        }
    }

    /** The loopback ranges only (an agent serving local coordinators, a monitor by default). */
    public static AllowedTargets loopback() {
        return new AllowedTargets(List.of("127.0.0.0/8", "::1/128"));
    }

    private void parse(String entry) {
        String e = entry.trim();
        int slash = e.indexOf('/');
        String address = slash < 0 ? e : e.substring(0, slash);
        if (literal(address)) {
            byte[] network = address(address, entry);
            int max = network.length * 8;
            int bits = max;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(e.substring(slash + 1));
                } catch (NumberFormatException x) {
                    bits = -1;
                }
                if (bits < 0 || bits > max) {
                    throw new UsageException("'" + entry + "': the prefix length must be 0 to " + max);
                }
            }
            ranges.add(new Range(network, bits));
        } else if (slash < 0 && NAME.matcher(e).matches()) {
            names.add(e.toLowerCase(Locale.ROOT));
        } else {
            throw new UsageException("'" + entry + "' is not a host name, an address or an address/bits range");
        }
    }

    private static boolean literal(String s) {
        return s.contains(":") || s.matches("[0-9.]+");
    }

    private static byte[] address(String literal, String entry) {
        if (!literal.contains(":") && !literal.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw new UsageException("'" + entry + "' is not an IPv4 address");
        }
        try {
            return InetAddress.getByName(literal).getAddress(); // a literal: no lookup
        } catch (UnknownHostException x) {
            throw new UsageException("'" + entry + "' is not an address");
        }
    }

    /**
     * Null when traffic may go to {@code host}, else why not (naming {@code --allow-targets}). Resolves the
     * name when it is not listed as written.
     */
    public String refusal(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (names.contains(bare.toLowerCase(Locale.ROOT))) {
            return null;
        }
        InetAddress[] all;
        try {
            all = literal(bare) ? new InetAddress[] {InetAddress.getByName(bare)} : InetAddress.getAllByName(bare);
        } catch (UnknownHostException e) {
            return "target " + host + " does not resolve here, and only --allow-targets " + this + " are allowed";
        }
        for (InetAddress a : all) {
            if (ranges.stream().noneMatch(r -> r.contains(a))) {
                return "target " + host + (bare.equals(a.getHostAddress()) ? "" : " (" + a.getHostAddress() + ")")
                        + " is not in --allow-targets " + this;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return String.join(",", entries);
    }
}
