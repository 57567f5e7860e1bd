package dev.probe.cli.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ExitCodes;
import dev.probe.core.disk.DiskCheck;
import dev.probe.core.disk.LoadPoint;
import dev.probe.core.nfs.KernelMount;
import dev.probe.core.nfs.NfsParams;
import dev.probe.core.nfs.NfsResult;
import dev.probe.core.result.ResultFiles;
import dev.probe.report.DiskPage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code probe disk --nfs}: the export from user space over each connection count, then the kernel client's mount
 * when {@code --dir} names one, each printed as a disk check, then the side-by-side table, the checks and the
 * advice; the JSON and the page from the same result.
 */
final class NfsRun {
    /** Where the check runs: here ({@code NfsCheck}) or at a probe server ({@code RemoteNfsClient}). */
    @FunctionalInterface
    interface Source {
        NfsResult run(BiConsumer<Integer, LoadPoint> points) throws InterruptedException;
    }

    private final PrintWriter w;
    private final NfsParams params;
    private final String at;
    private final Path dir;
    private final Path json;
    private final Path out;

    NfsRun(PrintWriter w, NfsParams params, String at, Path dir, Path json, Path out) {
        this.w = w;
        this.params = params;
        this.at = at;
        this.dir = dir;
        this.json = json;
        this.out = out;
    }

    int run(Source source) throws IOException, InterruptedException {
        DiskCheck kernelCheck = dir == null ? null : new DiskCheck(dir, params.disk());
        if (kernelCheck != null) {
            kernelCheck.check();
        }
        NfsConsole console = new NfsConsole(w, params, at);
        NfsResult r = source.run(console::point);
        if (kernelCheck != null) {
            Path real = dir.toRealPath();
            KernelMount mount = KernelMount.find(real, Files.exists(Path.of("/proc/mounts"))
                    ? Files.readAllLines(Path.of("/proc/mounts")) : List.of());
            DiskConsole c = new DiskConsole(w, params.disk());
            c.header(real + " (the kernel client: " + (mount == null ? "?" : mount.type() + " " + mount.source())
                    + ")", false);
            r = r.withKernel(kernelCheck.run(c::point), mount);
        }
        console.summary(r);
        ObjectNode doc = r.toJson();
        if (json != null) {
            ResultFiles.writeJson(json, doc);
        }
        if (out != null) {
            w.println("Wrote " + DiskPage.write(doc, out) + ".");
        }
        return r.incomplete() == null ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
