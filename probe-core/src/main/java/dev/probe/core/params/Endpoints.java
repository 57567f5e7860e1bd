package dev.probe.core.params;

import dev.probe.core.protocol.BadParameterException;
import java.util.regex.Pattern;

/** Checks a host and port that a peer names for a run to go to (an agent's leg, a relay's next hop). */
public final class Endpoints {
    /** A host name or address as a peer may write it. */
    public static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\-\\[\\]%]{1,253}");

    private Endpoints() {
    }

    /** Throws a {@link BadParameterException} naming {@code field}.host or {@code field}.port when either is bad. */
    public static void check(String field, String host, int port) {
        if (host == null || !HOST.matcher(host).matches()) {
            throw new BadParameterException(field + ".host", "not a host name or address: " + host);
        }
        if (port < 1 || port > 65_535) {
            throw new BadParameterException(field + ".port", port + " is not a port");
        }
    }
}
