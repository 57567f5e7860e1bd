package dev.probe.cli.lab;

import dev.probe.core.error.UsageException;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.SiteLab;
import dev.probe.core.lab.SiteLayout;
import dev.probe.core.lab.SiteLinkSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lab up --site ... --link ...}: a lab of more than two sites, checked whole, forwarded by one process. */
final class SitesUp {
    /** The two-site flags a lab of sites takes per link instead. */
    private static final List<String> TWO_SITE = List.of("--rtt-ms", "--loss-pct", "--direction", "--rate",
            "--loss-both", "--mtu", "--limit", "--max-delay-ms", "--unit-segments", "--reorder-pct",
            "--police", "--path-mtu", "--icmp", "--ecmp-paths", "--ecmp-spread-ms");

    private final CommandSpec spec;
    private final String name;
    private final SiteLayout layout;

    SitesUp(CommandSpec spec, String name, SiteLayout layout) {
        this.spec = spec;
        this.name = name;
        this.layout = layout;
    }

    /** The layout the flags describe; a two-site flag beside --site is refused by name. */
    static SiteLayout layout(CommandSpec spec, TopologyOptions where, List<String> sites, List<String> links) {
        for (String flag : TWO_SITE) {
            if (spec.commandLine().getParseResult().hasMatchedOption(flag)) {
                throw new UsageException(flag + ": a lab of several sites sets it per link (--link A:B,"
                        + flag.substring(2) + "=...)");
            }
        }
        if (sites == null || links == null) {
            throw new UsageException(sites == null ? "--link: give the sites too (--site prim --site sb1 ...)"
                    : "--site: give the links too (--link prim:sb1,rtt-ms=20)");
        }
        List<SiteLinkSpec> parsed = new ArrayList<>();
        links.forEach(l -> parsed.add(SiteLinkSpec.parse(l)));
        boolean subnetGiven = spec.commandLine().getParseResult().hasMatchedOption("--subnet");
        return new SiteLayout(where.name, sites, parsed, subnetGiven ? where.subnet : null);
    }

    /** The forwarder's own command line. */
    List<String> arguments(Long seed) {
        List<String> args = new ArrayList<>(List.of("lab", "up", "--foreground", "--name", name, "--subnet",
                layout.base()));
        layout.sites().forEach(s -> args.addAll(List.of("--site", s)));
        spec.commandLine().getParseResult().matchedOption("--link").stringValues()
                .forEach(l -> args.addAll(List.of("--link", l)));
        if (seed != null) {
            args.addAll(List.of("--seed", String.valueOf(seed)));
        }
        return args;
    }

    /** Builds the lab and forwards until the process is stopped, rewriting the state file every second. */
    int forward(long seed) throws Exception {
        SiteLab lab = SiteLab.up(layout, seed);
        long pid = ProcessHandle.current().pid();
        return ForwarderLoop.run(spec.commandLine().getOut(), describe(lab), lab::close, lab::checkHealthy,
                running -> LabState.write(lab, pid, running));
    }

    private static String describe(SiteLab lab) {
        SiteLayout l = lab.layout();
        StringBuilder b = new StringBuilder("lab " + l.name() + " up: " + l.sites().size() + " sites, "
                + l.links().size() + " links");
        for (int i = 0; i < l.links().size(); i++) {
            SiteLinkSpec link = l.links().get(i);
            b.append(System.lineSeparator()).append(String.format(Locale.ROOT, "  %s %s (%s) - %s %s (%s): "
                    + "%s", link.a(), l.address(i, true), l.namespace(link.a()), link.b(), l.address(i, false),
                    l.namespace(link.b()), link.spec().describe().replace("towards the server (backup)", "towards "
                            + link.b())));
        }
        return b.toString();
    }
}
