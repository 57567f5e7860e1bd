package dev.probe.cli.server;

import dev.probe.cli.common.Secrets;
import dev.probe.core.error.UsageException;
import dev.probe.core.server.ServerSecurity;
import dev.probe.core.tls.Tls;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** A listening command's shared secret and TLS (server and agent; see SECURITY.md). */
final class SecurityOptions {
    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "Require every client to prove it knows this shared secret (HMAC challenge-response; at "
                    + "least 16 bytes). Default: the PROBE_SECRET environment variable, else none.")
    Path secretFile;

    @Option(names = "--tls", description = "Serve over TLS; without --cert/--key a self-signed certificate is made "
            + "and its SHA-256 fingerprint printed.")
    boolean tls;

    @Option(names = "--cert", paramLabel = "PEM", description = "TLS certificate chain (PEM).")
    Path cert;

    @Option(names = "--key", paramLabel = "PEM", description = "TLS private key (PKCS#8 PEM).")
    Path key;

    ServerSecurity security() throws Exception {
        if (!tls && (cert != null || key != null)) {
            throw new UsageException("--cert and --key need --tls");
        }
        Tls.Server server = tls ? Tls.server(cert == null ? null : cert.toFile(), key == null ? null : key.toFile())
                : null;
        return new ServerSecurity(Secrets.load(secretFile), server == null ? null : server.context(),
                server == null ? null : server.fingerprint());
    }
}
