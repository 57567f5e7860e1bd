package dev.probe.cli.disk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.cli.common.ConnectOptions;
import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.OutputPaths;
import dev.probe.core.disk.DiskCheck;
import dev.probe.core.disk.DiskCsv;
import dev.probe.core.disk.DiskParams;
import dev.probe.core.disk.DiskResult;
import dev.probe.core.disk.Profile;
import dev.probe.core.disk.RedoHeadroom;
import dev.probe.core.disk.RemoteDiskClient;
import dev.probe.core.disk.RemoteDiskSpec;
import dev.probe.core.error.UsageException;
import dev.probe.core.nfs.NfsCheck;
import dev.probe.core.nfs.NfsParams;
import dev.probe.core.nfs.NfsPath;
import dev.probe.core.nfs.NfsTarget;
import dev.probe.core.nfs.RemoteNfsClient;
import dev.probe.core.nfs.RemoteNfsSpec;
import dev.probe.core.result.ResultFiles;
import dev.probe.core.transport.Transport;
import dev.probe.report.DiskPage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe disk --dir PATH}: the storage under a directory, measured the way ORION does (redo, oltp, dss). */
@Command(name = "disk", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure the storage under a directory the way ORION does, with direct I/O: redo (synchronous "
                + "sequential writes), oltp (8 KiB random at rising load: IOPS within a latency bound), dss (1 MiB "
                + "sequential and random: peak MB/s)."})
public final class DiskCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "PATH",
            description = "Directory on the storage to measure (a file of --size is written there and removed); "
                    + "with --at, a directory on that host inside its server's --dir; with --nfs, the kernel "
                    + "client's mount of the same export, measured beside it.")
    Path dir;

    @Option(names = "--nfs", paramLabel = "SERVER:/EXPORT",
            description = "Measure an NFS export from user space as Oracle's Direct NFS does (NFSv3 over TCP, one "
                    + "connection per database process), once per --connections count; the server's FSINFO checked "
                    + "against Oracle's rules. Needs write access: the test file is created there and removed.")
    String nfs;

    @Option(names = "--connections", defaultValue = "1,2,4", paramLabel = "LIST",
            description = "With --nfs: the connection counts to measure, rising, one table row each "
                    + "(default: ${DEFAULT-VALUE}).")
    String connections;

    @Option(names = "--path", paramLabel = "LOCAL=REMOTE",
            description = "With --nfs: a network path to the server as oranfstab's local and path pair (repeat, up "
                    + "to 4); connections are spread over them and a path that fails mid-run has its I/Os reissued "
                    + "on the others. Default: one path to SERVER.")
    List<String> paths;

    @Option(names = "--io-timeout", defaultValue = "10s", converter = Converters.Time.class,
            description = "With --nfs: an I/O or call unanswered this long takes its path out (its I/Os reissued on "
                    + "another) or, before the load, ends the check (default: ${DEFAULT-VALUE}).")
    Duration ioTimeout;

    @Option(names = "--size", defaultValue = "4GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Test file size, whole MiB; larger than the storage's caches (default: ${DEFAULT-VALUE}).")
    long size;

    @Option(names = "--profile", defaultValue = "all", paramLabel = "LIST",
            description = "redo, oltp, dss (comma-separated) or all (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--max-latency", defaultValue = "20ms", converter = Converters.Latency.class,
            description = "oltp's answer: the highest IOPS with mean read and write latency within this "
                    + "(default: ${DEFAULT-VALUE}, the Dell sizing paper's threshold).")
    Duration maxLatency;

    @Option(names = "--read-pct", defaultValue = "70",
            description = "oltp reads, %% of I/Os (default: ${DEFAULT-VALUE}).")
    int readPct;

    @Option(names = "--point", defaultValue = "10s", converter = Converters.Time.class,
            description = "Length of each load point (default: ${DEFAULT-VALUE}).")
    Duration point;

    @Option(names = "--max-outstanding", defaultValue = "64", paramLabel = "N",
            description = "Highest outstanding I/O count of the oltp and dss ladders 1, 2, 4, ... (default: ${DEFAULT-VALUE}).")
    int maxOutstanding;

    @Option(names = "--redo-rate", converter = Converters.ByteRate.class, paramLabel = "RATE",
            description = "Peak redo rate (60MB/s): say how busy one writer would be carrying it at each redo write "
                    + "size, and whether it keeps up.")
    Double redoRate;

    @Option(names = "--buffered", description = "Where direct I/O is refused (tmpfs, some network file systems): run "
            + "through the page cache; every figure is then marked buffered.")
    boolean buffered;

    @Option(names = "--keep", description = "Keep the test file afterwards.")
    boolean keep;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result (probe.result/1, kind disk).")
    Path json;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write disk.html (answers and charts, also as PNG and SVG) and ORION's matrices iops.csv, "
                    + "mbps.csv, lat.csv, redo.csv here.")
    Path out;

    @Option(names = "--at", paramLabel = "HOST",
            description = "Run the check on the probe server at HOST (started with --dir; PATH must lie inside it), "
                    + "with the same settings, authenticated like any test.")
    String at;

    @Mixin
    ConnectOptions connect;

    @Override
    public Integer call() throws Exception {
        OutputPaths.file("--json", json);
        OutputPaths.directory("--out", out);
        if (dir == null && nfs == null) {
            throw new UsageException("--dir or --nfs is required: the storage to measure");
        }
        Set<Profile> profiles = Profile.parseList(profile);
        if (redoRate != null && !profiles.contains(Profile.REDO)) {
            throw new UsageException("--redo-rate compares with the redo profile; --profile " + profile
                    + " has none (add redo)");
        }
        DiskParams params = new DiskParams(size, profiles, maxLatency, readPct, point, maxOutstanding,
                buffered, keep);
        PrintWriter w = spec.commandLine().getOut();
        if (nfs != null) {
            NfsParams p = nfsParams(params);
            NfsRun.Source source = at == null ? new NfsCheck(p, Transport.best())::run
                    : new RemoteNfsClient(connect.target(at), new RemoteNfsSpec(p.target(), p.connections(), params,
                            ioTimeout))::run;
            return new NfsRun(w, p, at, dir, json, out).run(source);
        }
        DiskConsole console = new DiskConsole(w, params);
        DiskResult r;
        if (at != null) {
            console.header(dir + " on " + at, true);
            r = new RemoteDiskClient(connect.target(at), new RemoteDiskSpec(dir.toString(), params)).run(
                    console::point);
        } else {
            DiskCheck check = new DiskCheck(dir, params);
            check.check();
            console.header(dir.toAbsolutePath().normalize().toString(), false);
            r = check.run(console::point);
        }
        console.summary(r);
        ObjectNode doc = r.toJson();
        if (redoRate != null) {
            List<RedoHeadroom> headroom = RedoHeadroom.of(r.of("redo"), redoRate);
            console.headroom(redoRate, headroom);
            RedoHeadroom.put((ObjectNode) doc.get("summary"), redoRate, headroom);
        }
        if (json != null) {
            ResultFiles.writeJson(json, doc);
        }
        if (out != null) {
            DiskCsv.write(r, out);
            w.println("Wrote " + DiskPage.write(doc, out) + " and iops/mbps/lat/redo .csv there.");
        }
        return ExitCodes.OK;
    }

    private NfsParams nfsParams(DiskParams params) {
        if (redoRate != null) {
            throw new UsageException("--redo-rate with --nfs: the table gives each client's 32 KiB redo write; "
                    + "compare there");
        }
        if (at != null && paths != null) {
            throw new UsageException("--path with --at: the far host reaches the export by its own routes");
        }
        if (at != null && dir != null) {
            throw new UsageException("--dir with --at --nfs: the kernel client's column is measured where probe "
                    + "runs; run probe disk --nfs --dir on that host");
        }
        NfsTarget target = NfsTarget.parse(nfs);
        return new NfsParams(target, NfsPath.of(paths, target.server()), NfsParams.parseConnections(connections),
                params, ioTimeout, Duration.ofSeconds(5));
    }
}
