package dev.probe.core.lab;

import dev.probe.core.error.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lab of more than two sites, checked whole before anything is built: one namespace per site ({@code NAME-SITE}),
 * each {@link SiteLinkSpec} a pair of TUN devices ({@code NAMEia}, {@code NAMEib}) with the i-th /30 of a /24 (the
 * first site takes the first host address, the second the next).
 *
 * @param name  the lab's name
 * @param sites the sites, in the order given
 * @param links the links between them
 * @param base  the /24 the links' /30s come from, e.g. 10.251.0.0
 */
public record SiteLayout(String name, List<String> sites, List<SiteLinkSpec> links, String base) {

    /** The /24 the links' addresses come from when --subnet is not given. */
    public static final String DEFAULT_BASE = "10.251.0.0/24";
    /** At most this many links: the /30s of one /24. */
    public static final int MAX_LINKS = 64;
    private static final Pattern SITE = Pattern.compile("[a-z][a-z0-9]{0,9}");
    private static final Pattern CIDR24 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.0/24");

    public SiteLayout {
        new LabTopology(name, LabTopology.DEFAULT_SUBNET); // the name's own checks
        sites = List.copyOf(sites);
        links = List.copyOf(links);
        Set<String> seen = new LinkedHashSet<>();
        for (String s : sites) {
            if (!SITE.matcher(s).matches()) {
                throw new UsageException("--site '" + s + "': 1-10 of a-z 0-9, starting with a letter");
            }
            if (!seen.add(s)) {
                throw new UsageException("--site '" + s + "': given twice");
            }
        }
        if (sites.size() < 2) {
            throw new UsageException("--site: give at least two sites (--site prim --site sb1 ...)");
        }
        checkLinks(sites, links);
        base = checkBase(base);
    }

    private static void checkLinks(List<String> sites, List<SiteLinkSpec> links) {
        if (links.isEmpty() || links.size() > MAX_LINKS) {
            throw new UsageException("--link: give 1 to " + MAX_LINKS + " links (--link prim:sb1,rtt-ms=20)");
        }
        for (int i = 0; i < links.size(); i++) {
            SiteLinkSpec l = links.get(i);
            for (String end : List.of(l.a(), l.b())) {
                if (!sites.contains(end)) {
                    throw new UsageException("--link " + l.a() + ":" + l.b() + ": " + end + " is not a --site (sites: "
                            + String.join(", ", sites) + ")");
                }
            }
            for (int j = 0; j < i; j++) {
                if (links.get(j).joins(l.a(), l.b())) {
                    throw new UsageException("--link " + l.a() + ":" + l.b() + ": given twice");
                }
            }
        }
        for (String s : sites) {
            if (links.stream().noneMatch(l -> l.a().equals(s) || l.b().equals(s))) {
                throw new UsageException("--site " + s + ": on no --link");
            }
        }
    }

    private static String checkBase(String base) {
        String b = base == null ? DEFAULT_BASE : base;
        Matcher m = CIDR24.matcher(b);
        if (!m.matches() || Integer.parseInt(m.group(1)) > 255 || Integer.parseInt(m.group(2)) > 255
                || Integer.parseInt(m.group(3)) > 255) {
            throw new UsageException("--subnet '" + b + "': a lab of several sites takes a /24 such as "
                    + DEFAULT_BASE);
        }
        int a = Integer.parseInt(m.group(1));
        int second = Integer.parseInt(m.group(2));
        if (!(a == 10 || a == 172 && second >= 16 && second <= 31 || a == 192 && second == 168)) {
            throw new UsageException("--subnet '" + b + "': not in a private range (10/8, 172.16/12, 192.168/16)");
        }
        return b;
    }

    /** The namespace of {@code site}. */
    public String namespace(String site) {
        return name + "-" + site;
    }

    /** Every site's namespace. */
    public List<String> namespaces() {
        List<String> out = new ArrayList<>();
        sites.forEach(s -> out.add(namespace(s)));
        return out;
    }

    /** The TUN device of link {@code i} at its first ({@code true}) or second site. */
    public String device(int i, boolean first) {
        return name + i + (first ? "a" : "b");
    }

    /** The address of link {@code i} at its first ({@code true}) or second site. */
    public String address(int i, boolean first) {
        String prefix = base.substring(0, base.lastIndexOf('.') + 1);
        return prefix + (4 * i + (first ? 1 : 2));
    }

    /** The address {@code site} has on its link with {@code peer}, or null when no link joins them. */
    public String addressOf(String site, String peer) {
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).joins(site, peer)) {
                return address(i, links.get(i).a().equals(site));
            }
        }
        return null;
    }
}
