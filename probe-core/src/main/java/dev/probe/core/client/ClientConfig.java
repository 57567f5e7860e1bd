package dev.probe.core.client;

import dev.probe.core.params.BadParameterException;
import dev.probe.core.params.TestParams;
import java.time.Duration;

/**
 * What a client run needs, validated once.
 *
 * @param host           server host name or address
 * @param port           server port
 * @param params         the test
 * @param connectTimeout how long to wait for each TCP connect
 * @param timeout        network timeout: longest wait for any reply (READY, JOINED, an ACK, RESULT)
 * @param security       shared secret and TLS
 */
public record ClientConfig(String host, int port, TestParams params, Duration connectTimeout, Duration timeout,
                           ClientSecurity security) {
    public ClientConfig {
        checkEndpoint(host, port, connectTimeout, timeout);
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
        if (security == null) {
            security = ClientSecurity.none();
        }
    }

    /** The checks every client run shares: where to connect and how long to wait. */
    static void checkEndpoint(String host, int port, Duration connectTimeout, Duration timeout) {
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
    }

    public static ClientConfig of(String host, int port, TestParams params) {
        return new ClientConfig(host, port, params, Duration.ofSeconds(10), Duration.ofSeconds(30), ClientSecurity.none());
    }
}
