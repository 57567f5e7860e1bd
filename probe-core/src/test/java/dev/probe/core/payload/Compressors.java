package dev.probe.core.payload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/** Compressed size / original of a file under a real compressor (Debian's zstd and gzip, installed by .ci/run). */
final class Compressors {
    private Compressors() {
    }

    /** Runs {@code command FILE}, which writes the compressed stream to stdout, and compares its length. */
    static double ratio(Path file, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(command));
        cmd.add(file.toString());
        return (double) compressedBytes(cmd, command[0]) / Files.size(file);
    }

    /**
     * {@code gzip -1}'s ratio over {@code file}, its two halves compressed at once on two cores: deflate looks back
     * 32 KiB, so the split at half the file hides nothing it could find, and a 256 MiB capture takes half as long
     * (gzip -1 is about 6 s a capture here; zstd under 1 s).
     */
    static double gzipInHalves(Path file) throws Exception {
        long half = Files.size(file) / 2;
        FutureTask<Long> first = new FutureTask<>(() -> compressedBytes(
                List.of("sh", "-c", "head -c " + half + " \"$1\" | gzip -1 -c", "sh", file.toString()), "gzip"));
        new Thread(first, "gzip-first-half").start();
        long second = compressedBytes(List.of("sh", "-c", "tail -c +" + (half + 1) + " \"$1\" | gzip -1 -c", "sh",
                file.toString()), "gzip");
        return (double) (first.get(300, TimeUnit.SECONDS) + second) / Files.size(file);
    }

    /**
     * Runs {@code cmd} at nice 10: the compressors are batch work beside the timed tests that share the test JVMs'
     * machine, so they take the CPU the timed ones leave.
     */
    private static long compressedBytes(List<String> cmd, String tool) throws IOException, InterruptedException {
        List<String> niced = new ArrayList<>(List.of("nice", "-n", "10"));
        niced.addAll(cmd);
        Process p;
        try {
            p = new ProcessBuilder(niced).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new IOException(tool + " is needed to check payloads (apt-get install " + tool
                    + "; .ci/run installs it): " + e.getMessage(), e);
        }
        long out = 0;
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0;) {
                out += n;
            }
        } finally {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(tool + " did not finish in 300 s");
            }
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue());
        }
        return out;
    }
}
