package dev.probe.core.objstore.endpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;

/**
 * A throwaway OCI API key for the probe's own Object Storage endpoint (a sweep's, a test's): the public half in
 * {@code dir/authorized} (the server's --authorized-keys), the private half and an OCI config file naming it by
 * its MD5 fingerprint.
 */
public record ApiKey(Path authorizedKeys, Path config) {
    /** Generates a 2048-bit RSA key under {@code dir}. */
    public static ApiKey create(Path dir) throws IOException, GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair key = g.generateKeyPair();
        Path keys = Files.createDirectories(dir.resolve("authorized"));
        Files.writeString(keys.resolve("api.pem"), pem("PUBLIC KEY", key.getPublic().getEncoded()));
        Path privateKey = dir.resolve("key.pem");
        Files.writeString(privateKey, pem("PRIVATE KEY", key.getPrivate().getEncoded()));
        String fingerprint = HexFormat.ofDelimiter(":").formatHex(MessageDigest.getInstance("MD5")
                .digest(key.getPublic().getEncoded()));
        Path config = dir.resolve("oci-config");
        Files.writeString(config, "[DEFAULT]\nuser=ocid1.user.oc1..probe-sweep\nfingerprint=" + fingerprint
                + "\ntenancy=ocid1.tenancy.oc1..probe-sweep\nregion=us-ashburn-1\nkey_file=" + privateKey + "\n");
        return new ApiKey(keys, config);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
