package dev.probe.cli.common;

import dev.probe.core.client.ClientSecurity;
import dev.probe.core.error.UsageException;
import dev.probe.core.tls.Tls;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How a client waits for and proves itself to its peer (a probe server, or with {@code --from} the agents):
 * timeouts, shared secret, TLS. Part of {@link ConnectOptions}; {@code objstore --from} uses it alone.
 */
public final class PeerOptions {
    @Option(names = "--timeout", defaultValue = "30s", converter = Converters.Time.class,
            description = "Network timeout: longest wait for any reply (default: ${DEFAULT-VALUE}).")
    public Duration timeout;

    @Option(names = "--connect-timeout", defaultValue = "10s", converter = Converters.Time.class,
            description = "TCP connect timeout (default: ${DEFAULT-VALUE}).")
    public Duration connectTimeout;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "Shared secret the server (with --from: the agents) requires (default: the PROBE_SECRET "
                    + "environment variable).")
    public Path secretFile;

    @Option(names = "--tls", description = "Talk TLS to a server (with --from: agents) started with --tls.")
    public boolean tls;

    @Option(names = "--trust-fingerprint", paramLabel = "SHA256",
            description = "Trust only the server certificate with this SHA-256 fingerprint (printed by the server).")
    public String trustFingerprint;

    @Option(names = "--ca", paramLabel = "PEM",
            description = "Trust server certificates signed by this CA (the certificate must name the host or address dialled).")
    public Path ca;

    /** The secret and TLS trust these options give a client connection. */
    public ClientSecurity security() throws Exception {
        if (!tls && (trustFingerprint != null || ca != null)) {
            throw new UsageException("--trust-fingerprint and --ca need --tls");
        }
        return new ClientSecurity(Secrets.load(secretFile),
                tls ? Tls.client(trustFingerprint, ca == null ? null : ca.toFile()) : null);
    }
}
