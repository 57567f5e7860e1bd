package dev.probe.core.client;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.transport.Transport;
import java.time.Duration;

/**
 * Where a client run connects and how, validated once: the server's host and port, how long to wait for a
 * connect and for any reply, the shared secret and TLS, and the transport.
 *
 * @param host           server host name or address
 * @param port           server port
 * @param connectTimeout how long to wait for each TCP connect
 * @param timeout        network timeout: longest wait for any reply (READY, JOINED, an ACK, RESULT)
 * @param security       shared secret and TLS
 * @param transport      epoll or NIO
 * @param route          source address and DSCP ({@link Egress#DEFAULT}: the OS's choice)
 */
public record Target(String host, int port, Duration connectTimeout, Duration timeout, ClientSecurity security,
        Transport transport, Egress route) {
    public Target {
        if (host == null || host.isBlank()) {
            throw new BadParameterException("host", "is missing");
        }
        if (port < 1 || port > 65535) {
            throw new BadParameterException("port", port + " is out of range [1, 65535]");
        }
        if (connectTimeout == null || connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new BadParameterException("connect-timeout", "must be positive");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new BadParameterException("timeout", "must be positive");
        }
        if (security == null) {
            security = ClientSecurity.none();
        }
        if (transport == null) {
            transport = Transport.best();
        }
        if (route == null) {
            route = Egress.DEFAULT;
        }
    }

    /** A target leaving by the OS's choice of interface and class. */
    public Target(String host, int port, Duration connectTimeout, Duration timeout, ClientSecurity security,
                  Transport transport) {
        this(host, port, connectTimeout, timeout, security, transport, Egress.DEFAULT);
    }

    /** The same target over {@code newTransport}. */
    public Target withTransport(Transport newTransport) {
        return new Target(host, port, connectTimeout, timeout, security, newTransport, route);
    }

    /** The same target leaving by {@code newRoute} (another DSCP for a load beside the redo). */
    public Target withRoute(Egress newRoute) {
        return new Target(host, port, connectTimeout, timeout, security, transport, newRoute);
    }

    /** The same target with another network timeout (a phase that must not wait longer than it lasts). */
    public Target withTimeout(Duration newTimeout) {
        return new Target(host, port, connectTimeout, newTimeout, security, transport, route);
    }

    /** {@code host:port}, as logs, series labels and result documents name the server. */
    public String hostPort() {
        return host + ":" + port;
    }

    /** Another server reached the same way (timeouts, secret, TLS, transport, route). */
    public Target at(String newHost, int newPort) {
        return new Target(newHost, newPort, connectTimeout, timeout, security, transport, route);
    }

    /** {@code host:port} with a 10 s connect timeout, a 30 s network timeout, no secret, no TLS. */
    public static Target of(String host, int port) {
        return new Target(host, port, Duration.ofSeconds(10), Duration.ofSeconds(30), ClientSecurity.none(),
                Transport.best());
    }
}
