package dev.probe.core.client;

import dev.probe.core.error.UsageException;

/** A host and a port, as a user writes them: {@code HOST}, {@code HOST:PORT}, {@code [IPv6]:PORT}. */
public record HostPort(String host, int port) {
    /**
     * {@code text} as HOST[:PORT], {@code defaultPort} where none is given; an IPv6 address without brackets is a
     * host. Throws a {@link UsageException} quoting the text; the caller adds the flag or field it came from.
     */
    public static HostPort parse(String text, int defaultPort) {
        String host = text;
        int port = defaultPort;
        int colon = text.lastIndexOf(':');
        if (colon > 0 && (text.indexOf(':') == colon || text.startsWith("["))) {
            host = text.substring(0, colon);
            try {
                port = Integer.parseInt(text.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isBlank() || port < 1 || port > 65_535) {
            throw new UsageException("'" + text + "' is not HOST or HOST:PORT (a port 1 to 65535)");
        }
        return new HostPort(host, port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
