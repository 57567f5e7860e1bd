package dev.probe.core.tls;

import dev.probe.core.error.UsageException;
import io.netty.channel.Channel;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.FingerprintTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Locale;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/** TLS for probe: server contexts from PEM files or a fresh self-signed certificate, client contexts that pin. */
public final class Tls {
    private Tls() {
    }

    /** A server context and the SHA-256 fingerprint of its certificate. */
    public record Server(SslContext context, String fingerprint) {
    }

    /** Protocol, cipher suite and engine (BoringSSL through netty-tcnative, or the JDK's) of a TLS session. */
    public record Session(String protocol, String cipher, String engine) {
    }

    /**
     * The engine TLS contexts get here: netty-tcnative's BoringSSL when it loads (the bundle carries it for
     * x86_64 and aarch64 Linux), else the JDK's SSLEngine (about a fifth more sender CPU per byte, measured).
     */
    public static String engine() {
        return engineName(OpenSsl.isAvailable());
    }

    private static String engineName(boolean openSsl) {
        return openSsl ? "netty-tcnative " + OpenSsl.versionString() : "JDK " + System.getProperty("java.version");
    }

    /** From PEM files (certificate chain, PKCS#8 key), or self-signed when both are null. */
    public static Server server(File certPem, File keyPem) throws CertificateException, SSLException {
        if (certPem == null && keyPem == null) {
            SelfSignedCertificate self = new SelfSignedCertificate("probe");
            return new Server(SslContextBuilder.forServer(self.certificate(), self.privateKey()).build(),
                    fingerprint(self.cert()));
        }
        if (certPem == null || keyPem == null) {
            throw new UsageException("--cert and --key go together");
        }
        SslContext ctx = SslContextBuilder.forServer(certPem, keyPem).build();
        try (InputStream in = Files.newInputStream(certPem.toPath())) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(in);
            return new Server(ctx, fingerprint(cert));
        } catch (IOException e) {
            throw new CertificateException("cannot read " + certPem + ": " + e.getMessage(), e);
        }
    }

    /** Trusts exactly the certificate with {@code fingerprint} (SHA-256, hex, colons optional), or the CA in {@code caPem}, or the JDK's CAs. */
    public static SslContext client(String fingerprint, File caPem) throws SSLException {
        SslContextBuilder b = SslContextBuilder.forClient();
        if (fingerprint != null) {
            String hex = fingerprint.replace(":", "").toLowerCase(Locale.ROOT);
            if (!hex.matches("[0-9a-f]{64}")) {
                throw new UsageException("'" + fingerprint + "' is not a SHA-256 fingerprint (64 hex digits)");
            }
            b.trustManager(FingerprintTrustManagerFactory.builder("SHA-256").fingerprints(hex).build());
            // the pin names one certificate exactly: no host name to check (a self-signed "CN=probe" has none);
            // with a CA or the JDK's CAs, Netty 4.2 checks the name the client dialled against the certificate
            b.endpointIdentificationAlgorithm(null);
        } else if (caPem != null) {
            b.trustManager(caPem);
        }
        return b.build();
    }

    /** SHA-256 of the certificate, as upper-case hex pairs joined by colons (as openssl prints it). */
    public static String fingerprint(X509Certificate cert) throws CertificateException {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
            return HexFormat.ofDelimiter(":").withUpperCase().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new CertificateException(e);
        }
    }

    /** The TLS session of a channel, or null when it has no TLS handler (yet). */
    public static Session session(Channel ch) {
        SslHandler h = ch.pipeline().get(SslHandler.class);
        if (h == null) {
            return null;
        }
        SSLSession s = h.engine().getSession();
        return new Session(s.getProtocol(), s.getCipherSuite(),
                engineName(h.engine() instanceof ReferenceCountedOpenSslEngine));
    }
}
