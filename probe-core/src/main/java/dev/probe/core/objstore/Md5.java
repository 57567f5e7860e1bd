package dev.probe.core.objstore;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * MD5 as Object Storage uses it, shared by the SDK channels and the endpoint: Content-MD5 of a body, and a
 * multipart object's MD5, which is the MD5 of the parts' MD5s followed by "-" and the part count.
 */
public final class Md5 {
    private Md5() {
    }

    /** A fresh MD5 digest. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A multipart object's MD5 from the digest of its parts' MD5s and the part count. */
    public static String multipart(MessageDigest partMd5s, int parts) {
        return Base64.getEncoder().encodeToString(partMd5s.digest()) + "-" + parts;
    }
}
