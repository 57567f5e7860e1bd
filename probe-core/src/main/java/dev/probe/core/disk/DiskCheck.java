package dev.probe.core.disk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a disk check in one directory: creates and fills the test file, runs each profile's points ({@link Ladders}),
 * passes each point to {@code points} as it is measured, and removes the file (unless kept).
 *
 * <pre>{@code
 * DiskResult r = new DiskCheck(Path.of("/u02/oradata"), params).run(point -> console.print(point));
 * }</pre>
 */
public final class DiskCheck {
    private final Path dir;
    private final DiskParams params;

    public DiskCheck(Path dir, DiskParams params) {
        this.dir = dir;
        this.params = params;
    }

    /** The checks made before anything is written (directory, free space, block size, storage kind). */
    public void check() throws IOException {
        TestFile.check(dir, params.size(), params.buffered());
    }

    public DiskResult run(Consumer<LoadPoint> points) throws IOException, InterruptedException {
        Instant startedAt = Instant.now();
        String fsType = Files.isDirectory(dir) ? Files.getFileStore(dir).type() : "?";
        List<LoadPoint> all = new ArrayList<>();
        Consumer<LoadPoint> keep = p -> {
            all.add(p);
            points.accept(p);
        };
        int block;
        try (TestFile file = TestFile.create(dir, params.size(), params.buffered(), params.keep())) {
            block = file.block();
            Ladders.run(params, new PointRunner(file)::run, keep);
        }
        return new DiskResult(startedAt, dir.toAbsolutePath().normalize().toString(), fsType, block, params, all);
    }
}
