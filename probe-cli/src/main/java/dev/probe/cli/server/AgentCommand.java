package dev.probe.cli.server;

import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.cli.common.FanoutOptions;
import dev.probe.cli.common.OciConfigFile;
import dev.probe.cli.common.Secrets;
import dev.probe.cli.common.TransportChoice;
import dev.probe.core.agent.AgentConfig;
import dev.probe.core.agent.AgentLimits;
import dev.probe.core.app.ProbeServer;
import dev.probe.core.client.ClientSecurity;
import dev.probe.core.client.Egress;
import dev.probe.core.error.UsageException;
import dev.probe.core.server.Fatal;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.ServerLog;
import dev.probe.core.server.ServerSecurity;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe agent}: runs the tests a coordinator ({@code probe bulk ... --from}) asks for, from this host. */
@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run probe tests from this host for a coordinator (probe bulk|client|objstore ... --from), and "
                + "relay a plan's redo as this site's Far Sync or cascading standby (qualify --plan), until stopped.",
                "An agent only runs probe tests and relays them, to the servers the coordinator names within "
                        + "--allow-targets; it runs no commands."})
public final class AgentCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ListenOptions listen;

    @Option(names = "--port", defaultValue = "" + FanoutOptions.AGENT_PORT,
            description = "Port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Mixin
    SecurityOptions security;

    @Mixin
    AgentLimitOptions limits;

    @Option(names = "--local-only", description = "Serve coordinators on this host only: listen on loopback "
            + "(127.0.0.1 unless --bind names another loopback address), runs to loopback unless --allow-targets; "
            + "the one way to run an agent without a shared secret (it then has no server secret or OCI identity).")
    boolean localOnly;

    @Option(names = "--server-secret-file", paramLabel = "FILE",
            description = "Shared secret of the probe servers the runs go to (default: --secret-file).")
    Path serverSecretFile;

    @Option(names = "--server-timeout", defaultValue = "30s", converter = Converters.Time.class,
            description = "Network timeout towards the servers (default: ${DEFAULT-VALUE}).")
    Duration serverTimeout;

    @Option(names = "--file", paramLabel = "PATH",
            description = "Base path of the redo log rings a relay's SYNC (AFFIRM) writes go to, as the server's "
                    + "--file: put it on the Far Sync's standby redo log storage (default: <tmpdir>/probe-relay-PID.dat).")
    Path file;

    @Option(names = "--file-size", defaultValue = "1GiB", converter = Converters.Size.class, paramLabel = "SIZE",
            description = "Each relayed SYNC connection writes in place into a ring of this size, written through "
                    + "once before its first use (default: ${DEFAULT-VALUE}).")
    long fileSize;

    @Option(names = "--legs-from", paramLabel = "ADDR",
            description = "The address of this host the runs leave from (the Data Guard or backup interface's), as "
                    + "client --bind; default: the routing table's choice. Coordinators mark them with their --dscp.")
    String legsFrom;

    @Option(names = "--oci-config", paramLabel = "FILE",
            description = "OCI config file this agent signs object-storage runs with (objstore ... --from); "
                    + "without it the agent refuses them.")
    String ociConfig;

    @Option(names = "--oci-profile", defaultValue = "DEFAULT",
            description = "Profile in --oci-config (default: ${DEFAULT-VALUE}).")
    String ociProfile;

    @Override
    public Integer call() throws Exception {
        boolean bindGiven = spec.commandLine().getParseResult().hasMatchedOption("--bind");
        String bind = localOnly && !bindGiven ? "127.0.0.1" : listen.bind;
        if (localOnly && !InetAddress.getByName(bind).isLoopbackAddress()) {
            throw new UsageException("--bind " + listen.bind + " is not a loopback address, and --local-only "
                    + "serves this host only");
        }
        InetAddress legs = legsFrom == null ? null
                : Egress.localAddress("--legs-from", legsFrom);
        ServerSecurity own = security.security();
        if (own.auth() == null && !localOnly) {
            throw new UsageException("an agent needs a shared secret (--secret-file or PROBE_SECRET), so "
                    + "that only your coordinator can make this host send; --local-only serves this host without one");
        }
        if (own.auth() == null && (serverSecretFile != null || ociConfig != null)) {
            throw new UsageException((serverSecretFile != null ? "--server-secret-file" : "--oci-config")
                    + " needs this agent's own --secret-file: without one, anyone on this host could use it");
        }
        AgentLimits agentLimits = limits.agentLimits(localOnly);
        ServerConfig config = ServerConfig.builder().listen(bind, port)
                .timeouts(listen.idleTimeout, listen.handshakeTimeout, listen.maxDuration).intervals(false)
                .limits(limits.listenerLimits()).security(own).transport(TransportChoice.selected())
                .file(file != null ? file : Path.of(System.getProperty("java.io.tmpdir"), "probe-relay-"
                        + ProcessHandle.current().pid() + ".dat")).fileSize(fileSize).build();
        AgentConfig agent = new AgentConfig(new ClientSecurity(serverSecretFile != null ? Secrets.load(serverSecretFile)
                : own.auth(), null), config.transport(), Duration.ofSeconds(10), serverTimeout, agentLimits,
                ociConfig == null ? null : OciConfigFile.load("--oci-config", ociConfig, ociProfile), legs);
        ServerLog log = ServerCommand.timestamped(spec.commandLine().getOut());
        Fatal.install(log);
        ProbeServer server = ProbeServer.startAgent(config, agent, log);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "probe-shutdown"));
        log.log("Probe agent started on " + server.address().getAddress().getHostAddress() + ":"
                + server.address().getPort() + " (" + ProbeServer.version(config) + "); runs may go to "
                + agentLimits.targets() + (own.auth() == null ? "; no shared secret (--local-only)" : ""));
        server.awaitClose();
        return ExitCodes.OK;
    }
}
