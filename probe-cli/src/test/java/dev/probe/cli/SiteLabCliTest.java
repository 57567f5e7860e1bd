package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lab up --site ... --link ...} (issue 41): a bad lab of several sites is one line naming the flag as typed,
 * exit 2, before any namespace is made (these run without root: nothing is built).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SiteLabCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private void refused(String contains, String... args) {
        String[] all = new String[args.length + 4];
        all[0] = "lab";
        all[1] = "up";
        all[2] = "--name";
        all[3] = "nosites";
        System.arraycopy(args, 0, all, 4, args.length);
        err.getBuffer().setLength(0);
        assertEquals(2, Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true)), err.toString());
        String e = err.toString().trim();
        assertEquals(1, e.lines().count(), e);
        assertTrue(e.startsWith("probe: ") && e.contains(contains), e);
        assertFalse(e.contains("Exception"), e);
    }

    @Test
    void everyBadSiteOrLinkIsOneLineNamingTheFlag() {
        refused("--link 'prim:sb1,rtt=5': unknown key 'rtt' (rtt-ms, loss-pct, rate, loss-both, mtu, limit, "
                + "max-delay-ms, unit-segments, reorder-pct, police, path-mtu, icmp, ecmp)", "--site", "prim", "--site",
                "sb1", "--link", "prim:sb1,rtt=5");
        refused("--link prim:sb9: sb9 is not a --site (sites: prim, sb1)", "--site", "prim", "--site", "sb1",
                "--link", "prim:sb9,rtt-ms=5");
        refused("--rtt-ms: a lab of several sites sets it per link (--link A:B,rtt-ms=...)", "--site", "prim",
                "--site", "sb1", "--link", "prim:sb1", "--rtt-ms", "5");
        refused("--site: give the links too (--link prim:sb1,rtt-ms=20)", "--site", "prim", "--site", "sb1");
        refused("--site 'Prim': 1-10 of a-z 0-9, starting with a letter", "--site", "Prim", "--site", "sb1",
                "--link", "Prim:sb1");
        refused("--link 'prim:sb1,loss-pct=150': loss-pct: 150.0 is out of range [0, 100]", "--site", "prim",
                "--site", "sb1", "--link", "prim:sb1,loss-pct=150");
        refused("--link 'prim:sb1,rate=fast': rate: 'fast' is not a rate", "--site", "prim", "--site", "sb1",
                "--link", "prim:sb1,rate=fast");
        refused("--link 'prim:sb1,rtt-ms=x': rtt-ms=x is not a number", "--site", "prim", "--site", "sb1",
                "--link", "prim:sb1,rtt-ms=x");
        refused("--subnet '10.0.0.0/30': a lab of several sites takes a /24 such as 10.251.0.0/24", "--subnet",
                "10.0.0.0/30", "--site", "prim", "--site", "sb1", "--link", "prim:sb1");
        refused("--site sb2: on no --link", "--site", "prim", "--site", "sb1", "--site", "sb2", "--link",
                "prim:sb1");
        refused("--link sb1:prim: given twice", "--site", "prim", "--site", "sb1", "--link", "prim:sb1", "--link",
                "sb1:prim");
        refused("--link 'prim': starts with the two sites, A:B", "--site", "prim", "--site", "sb1", "--link", "prim");
    }
}
