package dev.probe.cli.common;

import dev.probe.core.error.UsageException;
import dev.probe.core.protocol.Auth;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Reads the shared secret from {@code --secret-file} or the {@code PROBE_SECRET} environment variable. */
public final class Secrets {
    public static final String ENV = "PROBE_SECRET";

    private Secrets() {
    }

    /** The secret as an {@link Auth}, or null when neither is given. Trailing whitespace/newlines are dropped. */
    public static Auth load(Path file) throws IOException {
        byte[] secret;
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw new UsageException("--secret-file " + file + ": no such file");
            }
            secret = Files.readAllBytes(file);
        } else {
            String env = System.getenv(ENV);
            if (env == null || env.isEmpty()) {
                return null;
            }
            secret = env.getBytes(StandardCharsets.UTF_8);
        }
        int end = secret.length;
        while (end > 0 && Character.isWhitespace(secret[end - 1])) {
            end--;
        }
        try {
            return new Auth(Arrays.copyOf(secret, end));
        } catch (IllegalArgumentException e) {
            throw new UsageException((file != null ? "--secret-file " + file : ENV) + ": " + e.getMessage());
        }
    }
}
