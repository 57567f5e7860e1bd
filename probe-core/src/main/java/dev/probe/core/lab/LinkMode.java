package dev.probe.core.lab;

import dev.probe.core.error.UsageException;
import java.util.Locale;

/** How a lab link is impaired: tc netem on a veth pair, or probe's userspace forwarder between TUN devices. */
public enum LinkMode {
    NETEM, USERSPACE;

    /** "netem" or "userspace", as results' {@code impair_mode} and the console spell it. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code --impair netem|userspace|auto} as typed: auto is netem where this kernel has it; netem where it has not
     * is a {@link LabException} naming the way out.
     */
    public static LinkMode choose(String typed) {
        return switch (typed.toLowerCase(Locale.ROOT)) {
            case "netem" -> {
                if (!NetemLink.available()) {
                    throw new LabException("this kernel has no netem (sch_netem) or tc cannot run; use --impair "
                            + "userspace");
                }
                yield NETEM;
            }
            case "userspace" -> USERSPACE;
            case "auto" -> NetemLink.available() ? NETEM : USERSPACE;
            default -> throw new UsageException("--impair must be netem, userspace or auto, not '" + typed + "'");
        };
    }

    /** Brings a link of this mode up between {@code topology}'s namespaces at {@code spec} ({@code seed}: loss draws). */
    public LabLink up(LabTopology topology, LinkSpec spec, long seed) {
        return this == NETEM ? NetemLink.up(topology, spec) : ImpairedLink.up(topology, spec, seed);
    }
}
