package dev.probe.cli.qualify;

import dev.probe.core.error.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The single-link flags a plan has no use for, refused up front in one line that names each as the user typed it
 * (the YAML refuses unknown keys, so the command line does too); {@code --commit-budget} has a plan meaning and is
 * honoured ({@link PlanRun}).
 */
final class PlanFlags {
    /** Each flag's longest name and why a plan does not take it. */
    private static final Map<String, String> REFUSED = new LinkedHashMap<>();

    static {
        refused("each route names its mode (SYNC, FASTSYNC, ASYNC) in the plan's RedoRoutes", "--mode");
        refused("a SYNC route is measured with the standby's forced write (AFFIRM), FASTSYNC without", "--affirm");
        refused("the standby disk step is single-link qualify's (probe qualify HOST --affirm --standby-dir DIR or "
                + "--standby-nfs SERVER:/EXPORT)", "--standby-dir", "--standby-nfs");
        refused("a plan's commit budget is what the network adds (sync.commit-budget or --commit-budget)",
                "--local-log-write");
        refused("the plan's outage: key sizes the backlog, and the catch-up says how long it takes", "--gap",
                "--gap-within");
        refused("a plan's load is its own routes and a recovery-appliance's backup: key", "--under-load",
                "--load-from", "--load-dscp");
        refused("a RAC primary's nodes are the plan's sites.PRIMARY.agents", "--from");
        refused("a plan ships redo the way its routes go; routes for after a role change are noted, not run",
                "--reverse", "--both-directions");
    }

    private static void refused(String reason, String... flags) {
        for (String f : flags) {
            REFUSED.put(f, reason);
        }
    }

    private PlanFlags() {
    }

    /** Refuses, in one line, every flag {@code parsed} matched that a plan does not take; more than one write size. */
    static void refuse(ParseResult parsed, List<Long> writeSizes) {
        List<String> why = new ArrayList<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            String reason = REFUSED.get(o.longestName());
            if (reason != null) {
                why.add(typed(parsed, o) + ": " + reason);
            }
        }
        if (writeSizes.size() > 1) {
            why.add(typed(parsed, parsed.matchedOption("--redo-write-size")) + ": a plan runs one write size, "
                    + writeSizes.size() + " given");
        }
        if (!why.isEmpty()) {
            throw new UsageException(String.join("; ", why) + " (not used with --plan)");
        }
    }

    /** The option's name as the user wrote it ({@code -R} or {@code --reverse}, {@code --mode=sync}'s name). */
    private static String typed(ParseResult parsed, OptionSpec o) {
        for (String arg : parsed.originalArgs()) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            for (String n : o.names()) {
                if (n.equals(name)) {
                    return n;
                }
            }
        }
        return o.longestName();
    }
}
