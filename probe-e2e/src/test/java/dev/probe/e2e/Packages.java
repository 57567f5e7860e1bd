package dev.probe.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What the package tests share: the built packages, and system commands run to their end with their output. */
final class Packages {
    private Packages() {
    }

    /** A command's exit code and its output (stdout and stderr together). */
    record Result(int code, String out) {
    }

    /** The file in probe-cli/target whose name matches {@code regex} (probe_..._amd64.deb, probe-....x86_64.rpm). */
    static Path built(String regex) throws IOException {
        Path target = Path.of(System.getProperty("probe.target", "probe-cli/target"));
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> p.getFileName().toString().matches(regex)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("nothing like " + regex + " in " + target));
        }
    }

    /** Runs {@code command}, killing it after two minutes. */
    static Result run(String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, String.join(" ", command) + " timed out: " + out);
        }
        return new Result(p.exitValue(), out);
    }
}
