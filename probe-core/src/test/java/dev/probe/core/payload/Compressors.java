package dev.probe.core.payload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Compressed size / original of a file under a real compressor (Debian's zstd and gzip, installed by .ci/run). */
final class Compressors {
    private Compressors() {
    }

    /** Runs {@code command FILE}, which writes the compressed stream to stdout, and compares its length. */
    static double ratio(Path file, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(command));
        cmd.add(file.toString());
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new IOException(command[0] + " is needed to check payloads (apt-get install " + command[0]
                    + "; .ci/run installs it): " + e.getMessage(), e);
        }
        long out = 0;
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                out += n;
            }
        } finally {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(command[0] + " did not finish in 300 s");
            }
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue());
        }
        return (double) out / Files.size(file);
    }
}
