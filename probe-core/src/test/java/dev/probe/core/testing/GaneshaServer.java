package dev.probe.core.testing;

import dev.probe.core.lab.Netns;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A real NFS server for the tests: Debian's nfs-ganesha (user space, FSAL_VFS) with rpcbind, both started in a network
 * namespace of the test's own, exporting {@code export} over NFSv3 and TCP; everything stopped and the namespace
 * deleted on close, also when the start failed.
 */
public final class GaneshaServer implements AutoCloseable {
    private static final Path GANESHA = Path.of("/usr/bin/ganesha.nfsd");
    private static final Path RPCBIND = Path.of("/usr/sbin/rpcbind");
    private final String namespace;
    private final boolean ownNamespace;
    private final Path dir;
    private final Path export;
    private final boolean readOnly;
    private Process rpcbind;
    private Process ganesha;
    private FileLock machine;

    private GaneshaServer(String namespace, Path dir, Path export, boolean readOnly) {
        this.ownNamespace = namespace == null;
        this.namespace = ownNamespace ? "nfs" + ThreadLocalRandom.current().nextInt(10_000, 99_999) : namespace;
        this.dir = dir;
        this.export = export;
        this.readOnly = readOnly;
    }

    /** Whether this machine can run one (root, namespaces, the packages), and if not, why. */
    public static String whyNot() {
        if (!Files.isExecutable(GANESHA) || !Files.isExecutable(RPCBIND)) {
            return "needs Debian's nfs-ganesha, nfs-ganesha-vfs and rpcbind";
        }
        return Netns.labPossible() ? null : "needs root and network namespaces";
    }

    /** Starts rpcbind and ganesha in a new namespace, exporting {@code export}; its files under {@code dir}. */
    public static GaneshaServer start(Path dir, Path export) throws IOException, InterruptedException {
        return start(null, dir, export, false);
    }

    /**
     * Starts them in {@code namespace} (a lab site's; null: a new one of its own), exporting {@code export}
     * read-write or, with {@code readOnly}, read-only.
     */
    public static GaneshaServer start(String namespace, Path dir, Path export, boolean readOnly)
            throws IOException, InterruptedException {
        GaneshaServer s = new GaneshaServer(namespace, dir, export, readOnly);
        try {
            s.begin();
            return s;
        } catch (IOException | InterruptedException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private void begin() throws IOException, InterruptedException {
        // rpcbind takes /run/rpcbind.lock for the whole machine: test JVMs running beside each other take turns
        machine = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"),
                "probe-ganesha-test.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE).lock();
        if (ownNamespace) {
            run("ip", "netns", "add", namespace);
            run("ip", "netns", "exec", namespace, "ip", "link", "set", "lo", "up");
        }
        rpcbind = new ProcessBuilder("ip", "netns", "exec", namespace, RPCBIND.toString(), "-f", "-w")
                .redirectErrorStream(true).redirectOutput(dir.resolve("rpcbind.log").toFile()).start();
        awaitPort(111);
        Path conf = dir.resolve("ganesha.conf");
        Files.writeString(conf, """
                NFS_CORE_PARAM { Protocols = 3; NFS_Port = 2049; MNT_Port = 20048; Enable_NLM = false;
                                 Enable_RQUOTA = false; }
                NFSV4 { Graceless = true; }
                EXPORT { Export_Id = 1; Path = %s; Pseudo = %s; Access_Type = %s; Squash = No_Root_Squash;
                         Protocols = 3; Transports = TCP; SecType = sys; FSAL { Name = VFS; } }
                LOG { Default_Log_Level = EVENT; }
                """.formatted(export, export, readOnly ? "RO" : "RW"));
        ganesha = new ProcessBuilder("ip", "netns", "exec", namespace, GANESHA.toString(), "-F", "-f", conf.toString(),
                "-L", dir.resolve("ganesha.log").toString(), "-p", dir.resolve("ganesha.pid").toString())
                        .redirectErrorStream(true).redirectOutput(dir.resolve("ganesha.out").toFile()).start();
        awaitPort(2049);
        awaitRegistered();
    }

    /**
     * Until rpcbind lists NFS and MOUNT version 3 over TCP: ganesha listens on 2049 before it registers its MOUNT
     * service (a fresh-clone run's NfsCheckTest was told "registers no NFSv3 MOUNT service" right after the port
     * opened), and a client finds MOUNT through the portmapper.
     */
    private void awaitRegistered() throws IOException, InterruptedException {
        Pattern nfs = Pattern.compile("^\\s*100003\\s+3\\s+tcp\\s", Pattern.MULTILINE);
        Pattern mount = Pattern.compile("^\\s*100005\\s+3\\s+tcp\\s", Pattern.MULTILINE);
        await(() -> {
            Process p = new ProcessBuilder("ip", "netns", "exec", namespace, "rpcinfo", "-p", "127.0.0.1")
                    .redirectErrorStream(true).start();
            String listed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return nfs.matcher(listed).find() && mount.matcher(listed).find() ? null
                    : "ganesha registered no NFS and MOUNT v3 over TCP with rpcbind in " + namespace + " (rpcinfo -p: "
                            + listed + ")";
        });
    }

    /** The namespace the server runs in (connect from inside it, to 127.0.0.1). */
    public String namespace() {
        return namespace;
    }

    public Path export() {
        return export;
    }

    private void awaitPort(int port) throws IOException, InterruptedException {
        await(() -> {
            try {
                return InNamespace.call(namespace, () -> {
                    try (Socket s = new Socket()) {
                        s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                        return null;
                    } catch (IOException e) {
                        return "nothing listens on port " + port + " in " + namespace;
                    }
                });
            } catch (Exception e) {
                throw new IOException(e);
            }
        });
    }

    /** What a wait polls: null once ready, else what it saw. */
    @FunctionalInterface
    private interface Check {
        String seen() throws IOException, InterruptedException;
    }

    /** Polls {@code ready} every 100 ms for 30 s; then fails with what it saw last and the servers' logs. */
    private void await(Check ready) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String seen = "";
        while (System.nanoTime() < end) {
            seen = ready.seen();
            if (seen == null) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IOException(seen + " after 30 s: " + log("rpcbind.log") + log("ganesha.log") + log("ganesha.out")
                + (rpcbind != null && !rpcbind.isAlive() ? " rpcbind exited " + rpcbind.exitValue() : ""));
    }

    private String log(String name) throws IOException {
        Path f = dir.resolve(name);
        return Files.exists(f) ? name + ": " + Files.readString(f) + " " : "";
    }

    private static void run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " failed: " + new String(p.getInputStream().readAllBytes()));
        }
    }

    @Override
    public void close() {
        try {
            for (Process p : new Process[] {ganesha, rpcbind}) {
                if (p != null) {
                    p.descendants().forEach(ProcessHandle::destroy);
                    p.destroy();
                    if (!p.waitFor(10, TimeUnit.SECONDS)) {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly();
                    }
                }
            }
            if (ownNamespace) {
                run("ip", "netns", "del", namespace);
            }
        } catch (IOException e) {
            // not there: the start failed before it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            release();
        }
    }

    private void release() {
        try {
            if (machine != null) {
                machine.channel().close();
            }
        } catch (IOException e) {
            // closing a lock file cannot lose anything
        }
    }
}
