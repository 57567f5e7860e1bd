package dev.probe.core.objstore.endpoint;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names a signed request may give as its Host: {@code --objectstore-host} names, this host's own name, its
 * addresses and {@code localhost}. A request signed for another host (captured there, replayed here) is refused,
 * as OCI refuses a signature whose host is not its own (issue 40, point 7).
 */
final class EndpointNames {
    private final Set<String> names = new TreeSet<>();

    /** This host's names and addresses, and {@code extra} (as a client may reach it: a DNS alias, a NAT address). */
    EndpointNames(List<String> extra) {
        extra.forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        names.add("localhost");
        try {
            InetAddress self = InetAddress.getLocalHost();
            names.add(self.getHostName().toLowerCase(Locale.ROOT));
            names.add(self.getCanonicalHostName().toLowerCase(Locale.ROOT));
        } catch (UnknownHostException e) {
            // no name of its own: its addresses and the configured names remain
        }
        try {
            for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(i.getInetAddresses())) {
                    names.add(a.getHostAddress().replaceAll("%.*", "").toLowerCase(Locale.ROOT));
                }
            }
        } catch (SocketException e) {
            // no interfaces listed: the names above remain
        }
    }

    /** Null when {@code hostHeader} (host[:port], [v6][:port]) names this endpoint, else why not. */
    String refusal(String hostHeader) {
        String h = hostHeader == null ? "" : hostHeader.trim().toLowerCase(Locale.ROOT);
        String host = h.startsWith("[") ? h.substring(1, Math.max(1, h.indexOf(']')))
                : h.indexOf(':') >= 0 ? h.substring(0, h.indexOf(':')) : h;
        if (names.contains(host)) {
            return null;
        }
        return "the request was signed for host '" + host + "', which is not this endpoint (add it with "
                + "--objectstore-host if clients reach it by that name)";
    }
}
