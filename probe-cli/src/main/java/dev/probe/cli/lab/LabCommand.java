package dev.probe.cli.lab;

import dev.probe.cli.common.Converters;
import dev.probe.cli.common.ExitCodes;
import dev.probe.core.lab.NetemPlan;
import dev.probe.core.lab.Tc;
import dev.probe.core.params.Direction;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe lab ...}: set up the paper's impairments on your own links. */
@Command(name = "lab", mixinStandardHelpOptions = true, description = "Impair a link the way the reference paper did.")
public final class LabCommand {
    /** The subcommands, in the order help lists them (the top command adds them: see ProbeCommand). */
    public static final List<Class<?>> SUBCOMMANDS = List.of(LabCommand.NetemPlanCommand.class,
            LabUpCommand.class, LabDownCommand.class, LabStatusCommand.class, LabRunCommand.class);

    /** {@code probe lab netem-plan}. */
    @Command(name = "netem-plan", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Print (or, as root, apply / clear) the paper's tc netem commands.",
                    "For the box in the path: half the RTT on each interface, loss only in the data direction, limit = "
                            + "bandwidth / MTU x max delay x 1.5."})
    static final class NetemPlanCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--rtt-ms", converter = Converters.Millis.class,
                required = true, description = "Round-trip delay to add, ms (split in half).")
        double rttMs;

        @Option(names = "--loss-pct", required = true, description = "Loss in the data direction, percent.")
        double lossPct;

        @Option(names = "--direction", required = true, description = "backup (loss towards the server) or restore.")
        Direction direction;

        @Option(names = "--dev-to-server", required = true, paramLabel = "IF",
                description = "Interface whose egress leads to the server.")
        String devToServer;

        @Option(names = "--dev-to-client", required = true, paramLabel = "IF",
                description = "Interface whose egress leads to the client.")
        String devToClient;

        @Option(names = "--bandwidth", defaultValue = "10gbit",
                description = "Link rate for the queue limit (default: ${DEFAULT-VALUE}).")
        String bandwidth;

        @Option(names = "--mtu", defaultValue = "1500",
                description = "MTU for the queue limit (default: ${DEFAULT-VALUE}).")
        int mtu;

        @Option(names = "--max-delay-ms", converter = Converters.Millis.class, defaultValue = "150",
                description = "Largest delay the queue must hold (default: ${DEFAULT-VALUE}, as the paper).")
        double maxDelayMs;

        @ArgGroup(exclusive = true)
        Action action;

        /** Apply or clear, not both. */
        static final class Action {
            @Option(names = "--apply", description = "Run the commands (needs root and a kernel with sch_netem).")
            boolean apply;

            @Option(names = "--clear", description = "Remove the qdiscs from both interfaces.")
            boolean clear;
        }

        @Override
        public Integer call() throws Exception {
            NetemPlan plan = new NetemPlan(rttMs, lossPct, direction, devToServer, devToClient,
                    NetemPlan.parseRate(bandwidth), mtu, maxDelayMs);
            PrintWriter out = spec.commandLine().getOut();
            boolean clear = action != null && action.clear;
            List<List<String>> commands = clear ? plan.clearCommands() : plan.applyCommands();
            out.printf(Locale.ROOT, "# %s RTT %.3f ms, loss %.3f %% towards the %s, limit %d packets%n",
                    clear ? "clear:" : direction.wireName() + ":", rttMs, lossPct,
                    direction == Direction.BACKUP ? "server" : "client", plan.limitPackets());
            commands.forEach(c -> out.println(String.join(" ", c)));
            out.flush();
            if (action != null) {
                Tc.run(commands);
                out.println(clear ? "# cleared" : "# applied");
            }
            return ExitCodes.OK;
        }
    }
}
