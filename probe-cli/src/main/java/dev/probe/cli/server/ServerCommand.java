package dev.probe.cli.server;

import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.TransportChoice;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.nfs.NfsTarget;
import dev.probe.core.objstore.endpoint.EndpointConfig;
import dev.probe.core.server.Fatal;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLog;
import dev.probe.core.tls.Tls;
import dev.probe.core.transport.Transport;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe server}: serves tests from many clients until stopped. */
@Command(name = "server", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serve probe tests (many clients at once) until stopped with Ctrl-C.")
public final class ServerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    ListenOptions listen;

    @Option(names = "--port", defaultValue = "5555",
            description = "Port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--file", paramLabel = "PATH",
            description = "Base path of the files written for --write tests (default: <tmpdir>/probe-server.dat).")
    Path file;

    @Option(names = "--file-size", defaultValue = "1GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Each --write connection writes in place into a ring of this size, like a standby redo "
                    + "log: written through once before its first use, reused, at most 8 (default: ${DEFAULT-VALUE}).")
    long fileSize;

    @Option(names = "--dir", paramLabel = "PATH",
            description = "Store bulk backup pieces as real files under PATH/RUN_ID (forced at piece end); a restore "
                    + "of the same run id reads them back; 'probe disk --at' checks run only inside it. Default: "
                    + "discard, and no disk checks.")
    Path dir;

    @Option(names = "--nfs-allow", paramLabel = "SERVER:/EXPORT",
            description = "An NFS export 'probe disk --at THIS_HOST --nfs' may measure from here (repeat for more); "
                    + "the server makes no NFS connection to anything else. Default: none.")
    List<String> nfsAllow;

    @Option(names = "--disk-max-size", defaultValue = "64GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Most bytes kept under --dir, all runs and kinds together (stored backups, disk-check "
                    + "files, an endpoint file store there), counting what is there at start; a write over it is "
                    + "refused (default: ${DEFAULT-VALUE}).")
    long diskMaxSize;

    @Option(names = "--keep-failed", description = "Keep the stored pieces of a backup that failed (default: removed).")
    boolean keepFailed;

    @Option(names = "--quiet", description = "Do not log per-interval receive rates.")
    boolean quiet;

    @picocli.CommandLine.Mixin
    SecurityOptions security;

    @picocli.CommandLine.Mixin
    ServerLimitOptions limits;

    @Option(names = "--objectstore-port", paramLabel = "PORT",
            description = "Also serve an OCI Object Storage compatible endpoint (HTTP, HTTPS with --tls) on PORT.")
    Integer objectStorePort;

    @Option(names = "--store", defaultValue = "discard", paramLabel = "discard|memory|DIR",
            description = "Object content: discard (regenerate probe content on GET), memory, or files in DIR "
                    + "(default: ${DEFAULT-VALUE}).")
    String store;

    @Option(names = "--store-max-size", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Most bytes --store memory holds; a PUT past it is refused with OCI's InsufficientStorage "
                    + "(default: a quarter of the Java heap).")
    long storeMaxSize;

    @Option(names = "--objectstore-host", paramLabel = "NAME", split = ",",
            description = "A name clients reach the endpoint by beside this host's own names and addresses (a DNS "
                    + "alias, a NAT address; repeatable): a signed request's Host must be one of them.")
    List<String> objectStoreHosts;

    @Option(names = "--namespace", defaultValue = "probe",
            description = "Object Storage namespace (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--authorized-keys", paramLabel = "DIR",
            description = "PEM public keys (API keys) whose request signatures the endpoint accepts.")
    Path authorizedKeys;

    @Option(names = "--allow-unsigned", description = "Accept unsigned Object Storage requests (local tests only).")
    boolean allowUnsigned;

    @Option(names = "--bucket", paramLabel = "NAME",
            description = "Create this bucket on the endpoint at start (repeatable).")
    List<String> buckets;

    private EndpointConfig objectStore() {
        return objectStorePort == null ? null
                : new EndpointConfig(objectStorePort, store, namespace, authorizedKeys, allowUnsigned, buckets,
                        storeMaxSize, objectStoreHosts);
    }

    @Override
    public Integer call() throws Exception {
        ServerConfig.Builder b = ServerConfig.builder().listen(listen.bind, port).fileSize(fileSize)
                .timeouts(listen.idleTimeout, listen.handshakeTimeout, listen.maxDuration).intervals(!quiet).dir(dir)
                .limits(limits.limits().withDir(diskMaxSize, keepFailed)).security(security.security())
                .transport(TransportChoice.selected()).nfsAllow(nfsAllow == null ? List.of() : nfsAllow);
        if (nfsAllow != null) {
            nfsAllow.forEach(a -> NfsTarget.parse(a, "nfs-allow"));
        }
        ServerConfig config = (file != null ? b.file(file) : b).build();
        ServerLog log = timestamped(spec.commandLine().getOut());
        Fatal.install(log);
        ProbeServer server = ProbeServer.start(config, objectStore(), log);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "probe-shutdown"));
        Transport t = config.transport();
        String tcpInfo = t.linuxNative() ? "TCP_INFO available" + (t.whyNot() == null ? "" : "; " + t.whyNot())
                : "TCP_INFO unavailable: " + t.whyNoTcpInfo();
        log.log("Probe server started on " + server.address().getAddress().getHostAddress() + ":"
                + server.address().getPort() + " (" + ProbeServer.version(config) + ", " + tcpInfo + ").");
        if (server.objectStoreAddress() != null) {
            log.log("Object Storage endpoint on " + (config.security().tls() != null ? "https" : "http") + "://"
                    + server.objectStoreAddress().getAddress().getHostAddress() + ":" + server.objectStoreAddress()
                            .getPort()
                    + " (namespace " + namespace + ", store " + store + ", "
                    + (authorizedKeys != null ? "signatures checked" : "UNSIGNED requests accepted") + ").");
        }
        if (config.security().tls() != null) {
            log.log("TLS on (" + Tls.engine() + "); certificate SHA-256 fingerprint " + config.security()
                    .tlsFingerprint()
                    + " (clients: --tls --trust-fingerprint " + config.security().tlsFingerprint() + ")");
        }
        if (warnOpen(server.address().getAddress(), config.security().auth() != null)) {
            log.log("WARNING: no shared secret (--secret-file or PROBE_SECRET): anyone who reaches this port can run "
                    + "tests; see SECURITY.md");
        }
        server.awaitClose();
        return ExitCodes.OK;
    }

    /** The server's log: each line with the time of day, flushed. */
    static ServerLog timestamped(PrintWriter out) {
        return line -> {
            synchronized (out) {
                out.println("(" + LocalTime.now().format(ServerLog.CLOCK) + ") " + line);
                out.flush();
            }
        };
    }

    /** A server without a secret warns when it listens on anything but loopback. */
    static boolean warnOpen(InetAddress bound, boolean hasSecret) {
        return !hasSecret && !bound.isLoopbackAddress();
    }
}
