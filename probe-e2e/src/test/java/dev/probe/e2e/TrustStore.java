package dev.probe.e2e;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;

/** A PKCS#12 trust store holding one certificate, and the JVM options that make a probe process trust it. */
record TrustStore(Path path) {
    private static final String PASSWORD = "changeit";

    static TrustStore of(X509Certificate certificate, Path path) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("probe", certificate);
        try (OutputStream out = Files.newOutputStream(path)) {
            trust.store(out, PASSWORD.toCharArray());
        }
        return new TrustStore(path);
    }

    List<String> jvmOptions() {
        return List.of("-Djavax.net.ssl.trustStore=" + path, "-Djavax.net.ssl.trustStorePassword=" + PASSWORD,
                "-Djavax.net.ssl.trustStoreType=PKCS12");
    }
}
