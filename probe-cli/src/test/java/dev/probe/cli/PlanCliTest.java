package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qualify --plan FILE --dry-run} (issue 41): a plan's demand as Oracle's rules compute it by hand, and every bad
 * plan one line naming the key and the site, exit 2, with no connection made to any site.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlanCliTest {
    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private ServerSocket site;
    private String at;

    @BeforeEach
    void listen() throws IOException {
        site = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        at = "127.0.0.1:" + site.getLocalPort();
    }

    @AfterEach
    void noTrafficReachedAnySite() throws IOException {
        try (ServerSocket s = site) {
            s.setSoTimeout(1);
            assertThrows(SocketTimeoutException.class, s::accept, "a plan's check connects to no site");
        }
    }

    private int qualify(String plan, String... more) throws IOException {
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.replace("AT", at));
        String[] args = new String[3 + more.length];
        args[0] = "qualify";
        args[1] = "--plan";
        args[2] = file.toString();
        System.arraycopy(more, 0, args, 3, more.length);
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static final String SITES = """
            redo: [30MB/s, 15MB/s]
            sites:
              prim: {role: primary}
              fs1:  {role: far-sync, server: AT, agent: AT}
              sb1:  {role: standby, server: AT, compression: zlib}
              sb2:  {role: standby, server: AT}
            """;
    private static final String GOOD = SITES + """
            routes:
              prim: "(LOCAL : fs1 SYNC, sb2 ASYNC)"
              fs1:  "(prim : sb1 ASYNC)"
              sb1:  "(LOCAL : prim SYNC)"
            sync: {commit-budget: 2ms, data-guard-sync-latency: 0ms}
            outage: 2h
            """;

    @Test
    void dryRunPrintsWhatEachHopAndUplinkMustCarryByOraclesRules() throws IOException {
        assertEquals(0, qualify(GOOD, "--dry-run"), err.toString());
        String o = out.toString();
        // 30 + 15 MB/s of redo; each hop carries it once: 45 / 0.7 x 8 = 514.3 Mbit/s
        assertTrue(o.contains("peak redo 45.0 MB/s (2 RAC instances, summed)"), o);
        assertTrue(o.contains("prim -> fs1            SYNC         45.0 MB/s, needs   514.3 Mbit/s"), o);
        assertTrue(o.contains("fs1 -> sb1             ASYNC        45.0 MB/s, needs   514.3 Mbit/s; zlib: ratio "
                + "unknown without --redo-sample, counted uncompressed"), o);
        // the primary ships to fs1 and sb2: its uplink carries the redo twice
        assertTrue(o.contains("prim          90.0 MB/s, needs  1028.6 Mbit/s (2 destinations: the redo 2 times)"), o);
        assertTrue(o.contains("How the redo reaches each site:\n\tprim\n\t  -SYNC-> fs1  (zero data loss: every "
                + "commit waits until the redo is at fs1)\n\t     -ASYNC-> sb1  (zero data loss: every commit waits "
                + "until the redo is at fs1)\n\t  -ASYNC-> sb2\n"), "a tree, each site once: " + o);
        assertTrue(o.contains("Commit: waits for fs1 SYNC: its acknowledgement; budget 2 ms."), o);
        // 45 MB/s x 7,200 s = 324 GB
        assertTrue(o.contains("a backlog of 324.0 GB"), o);
        assertTrue(o.contains("Note: routes.sb1: (LOCAL : prim SYNC) applies after a role change; not qualified"), o);
        assertTrue(o.contains("no traffic was sent"), o);
    }

    @Test
    void twoSyncDestinationsWaitForTheSlowestUnlessTheSyncLatencyCapsIt() throws IOException {
        String two = SITES + "routes:\n  prim: \"(LOCAL : fs1 FASTSYNC, sb2 SYNC)\"\n  fs1: \"(prim : sb1)\"\n";
        assertEquals(0, qualify(two, "--dry-run"), err.toString());
        assertTrue(out.toString().contains("Commit: waits for fs1 FASTSYNC, sb2 SYNC: the slowest acknowledgement "
                + "(data-guard-sync-latency 0: no cap)"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, qualify(two + "sync: {data-guard-sync-latency: 5ms}", "--dry-run"), err.toString());
        assertTrue(out.toString().contains("the first acknowledgement, then at most 5 ms more for the others"),
                out.toString());
    }

    @Test
    void everyBadPlanIsOneLineNamingTheKeyAndTheSite() throws IOException {
        String routes = "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb2 ASYNC)\"\n  fs1: \"(prim : sb1 ASYNC)\"\n";
        bad(SITES + "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb9 ASYNC)\"\n  fs1: \"(prim : sb1)\"\n",
                "routes.prim: sb9 is not a site (sites: prim, fs1, sb1, sb2)");
        bad(SITES + "routes:\n  prim: \"(LOCAL : fs1 SYNC)\"\n  fs1: \"(prim : sb1)\"\n  sb1: \"(fs1 : sb2)\"\n"
                + "  sb2: \"(sb1 : fs1)\"\n", "routes: redo goes round in a cycle: prim -> fs1 -> sb1 -> sb2 -> fs1");
        bad(SITES + "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb2 ASYNC)\"\n  fs1: \"(sb2 : sb1 ASYNC)\"\n",
                "routes.fs1: (sb2 : sb1 ASYNC) forwards redo from sb2, but fs1 receives it only from prim");
        bad(SITES.replace("sb2:  {role: standby, server: AT}", "sb2:  {role: standby, server: AT, compression: lzo}")
                + routes.replace("sb2 ASYNC", "sb2 FASTSYNC"), "sites.sb2.compression: lzo is not allowed with "
                        + "FASTSYNC (routes.prim ships to sb2 FASTSYNC); use zlib, or ASYNC");
        bad(SITES + "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb1, sb2)\"\n", "routes.fs1: missing: fs1 is a "
                + "far-sync, which only forwards redo; give its RedoRoutes, e.g. \"(prim : sb1 ASYNC)\"");
        bad(SITES.replace("sb2:  {role: standby, server: AT}", "sb2:  {role: standby}") + routes,
                "sites.sb2.server: missing: the HOST:PORT of the probe server at sb2");
        bad(SITES.replace(", agent: AT", "") + routes, "sites.fs1.agent: missing: fs1 forwards redo to sb1");
        bad(SITES + "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb2 ASYNC)\"\n",
                "sites.sb1: no route ships redo to sb1");
        bad(SITES + routes + "  sb2: \"(prim : sb1)\"\n",
                "routes.sb2: sb1 already receives the redo from fs1 (routes.fs1); a destination takes it from one");
        bad(SITES.replace("role: primary", "role: primry") + routes,
                "sites.prim.role: 'primry' is not primary, far-sync, standby or recovery-appliance");
        bad(SITES.replace("role: primary", "role: standby, server: AT") + routes, "sites: no site has role: primary");
        bad(SITES + routes + "outage: soon\n", "outage: 'soon' is not a duration");
        bad(SITES.replace("prim: {role: primary}", "prim: {role: primary, agents: [AT, AT, AT]}") + routes,
                "sites.prim.agents: 3 agent(s), the RAC nodes, but redo: gives 2 instance rate(s); give one rate per "
                        + "node, in the nodes' order, e.g. redo: [35MB/s, 25MB/s]");
        bad(SITES.replace("sb2:  {role: standby, server: AT}", "sb2:  {role: standby, server: AT, backup: {}}")
                + routes,
                "sites.sb2.backup: only a recovery-appliance takes archived-log backups");
        bad(SITES.replace("sb2:  {role: standby, server: AT}",
                "sb2:  {role: recovery-appliance, server: AT, backup: {channels: 9}}") + routes,
                "sites.sb2.backup.channels: '9' is not a whole number from 1 to 4 (SBT channels; Oracle advises 2-4)");
        bad(SITES.replace("sb2:  {role: standby, server: AT}",
                "sb2:  {role: recovery-appliance, server: AT, backup: {ratio: 2}}") + routes,
                "sites.sb2.backup.ratio: '2' is not a ratio above 0 and at most 1");
        bad(SITES + routes + "sync: {commit-budget: 0ms}\n", "sync.commit-budget: '0ms' must be above 0");
        bad(SITES + routes + "standbys: 2\n",
                "standbys: unknown key (takes gap-connections, outage, redo, routes, sites, sync)");
        bad(SITES + routes + "gap-connections: 40\n", "gap-connections: '40' is not a whole number from 1 to 20");
        bad(SITES.replace("redo: [30MB/s, 15MB/s]", "redo: 45") + routes, "redo: '45' is not a rate");
        bad(SITES + routes.replace("fs1 SYNC", "fs1 SNYC"), "routes.prim: 'SNYC' after fs1 is not SYNC, FASTSYNC");
        bad("redo: 45MB/s\nsites: {prim: {role: primary}\n", "not valid YAML at line");
        bad(SITES + routes + "outage: 1h\noutage: 2h\n", "not valid YAML");
        bad(SITES.replace("  sb2:  {role", "\tsb2:  {role") + routes,
                "plan.yaml: a tab at line 6, column 1: YAML indents "
                        + "with spaces only; replace the tab with spaces");
        bad(SITES + routes + "outage: 1h\t\t# after the value\n  \t- x\n", "a tab at line 11, column 3");
    }

    /** Issue 57, point 4: hostile plans are refused in one short line, in time linear in their size. */
    @Test
    void hostilePlansAreRefusedQuicklyQuotingLittle() throws IOException {
        String routes = "routes:\n  prim: \"(LOCAL : fs1 SYNC, sb2 ASYNC)\"\n  fs1: \"(prim : sb1 ASYNC)\"\n";
        // the refusal's own CPU time (the parse runs on this thread): a loaded host stretches the wall clock (a CI run
        // at load 10 took over 2 s), not the work; a parse quadratic in the sites would take far more
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long t0 = cpu.getCurrentThreadCpuTime();
        bad(chain(10_000, "{role: standby}"), "sites: 10000 sites; a plan holds at most 64");
        double took = (cpu.getCurrentThreadCpuTime() - t0) / 1e9;
        assertTrue(took < 2, "10,000 sites refused within 2 s of CPU: " + took + " s");
        bad(chain(12, "{role: standby, server: AT, agent: AT}"), "s9 would be 9 hops from the primary; a plan's "
                + "cascade is at most 8 deep");
        bad(SITES.replace("sb2:  {role", "\"sb\\e[2J\":  {role") + routes, "sites.sb\\x1b[2J: a site's name is "
                + "1-30 letters, digits");
        bad(SITES.replace("role: primary", "role: " + "x".repeat(100_000)) + routes, "characters in all)");
        assertTrue(lastError.length() < 500, "quoted at most a few hundred characters: " + lastError.length());
        bad(SITES + routes + "---\nredo: 1MB/s\n", "a second YAML document at line");
        bad(SITES.replace("redo: [30MB/s, 15MB/s]", "redo: 0.0000001MB/s") + routes, "is below 1 KB/s");
        bad(SITES.replace("sb2:  {role: standby, server: AT}",
                "sb2:  {role: recovery-appliance, server: AT, backup: {log-switch: 1ns}}") + routes,
                "sites.sb2.backup.log-switch: '1ns' is below 1 second, the least a plan may give");
    }

    /** A plan of {@code n} sites in one cascade: s0 the primary, each next site {@code site} fed by the one before. */
    private static String chain(int n, String site) {
        StringBuilder sites = new StringBuilder("redo: 10MB/s\nsites:\n  s0: {role: primary}\n");
        StringBuilder routes = new StringBuilder("routes:\n");
        for (int i = 1; i < n; i++) {
            sites.append("  s").append(i).append(": ").append(site).append('\n');
            routes.append("  s").append(i - 1).append(": \"(").append(i == 1 ? "LOCAL" : "s" + (i - 2)).append(" : s")
                    .append(i).append(" ASYNC)\"\n");
        }
        return sites.append(routes).toString();
    }

    @Test
    void planFlagsThatDoNotBelongTogetherAreRefusedUpFront() throws IOException {
        String twice = SITES.replace("compression: zlib", "compression: zlib, agent: AT") + """
                routes:
                  prim: "(LOCAL : fs1 SYNC)"
                  fs1:  "(prim : sb1 ASYNC)"
                  sb1:  "(fs1 : sb2 ASYNC)"
                """;
        assertEquals(2, qualify(twice));
        assertOneLine("routes.sb1: sb1 forwards redo it receives relayed (prim -> fs1 -> sb1 -> sb2); probe relays "
                + "once per path (--dry-run shows what each hop must carry)");
        assertEquals(2, qualify(GOOD.replace("(prim : sb1 ASYNC)", "(prim : sb1 SYNC)")));
        assertOneLine("routes.fs1: fs1 -> sb1 SYNC: a relay forwards ASYNC (use ASYNC, or ship SYNC from the primary)");
        assertEquals(2, qualify(GOOD, "--dry-run", "--out", dir.resolve("page").toString()));
        assertOneLine("--out: --dry-run sends nothing and writes no result");
        assertEquals(2, qualify(GOOD, "--dry-run", "--redo-rate", "10MB/s"));
        assertOneLine("--plan: the redo is the plan's redo: key; drop --redo-rate");
        assertEquals(2, qualify(GOOD, "--dry-run", "--json", dir.resolve("r.json").toString()));
        assertOneLine("--json: --dry-run sends nothing and writes no result");
        assertEquals(2, qualify(GOOD, "--dry-run", "--json-stream", dir.resolve("events.jsonl").toString()));
        assertOneLine("--json-stream: --dry-run sends nothing and writes no result");
        assertEquals(2, Main.run(new String[] {"qualify", "--dry-run"}, new PrintWriter(out, true),
                new PrintWriter(err, true)));
        assertOneLine("--dry-run checks a configuration: give --plan FILE");
        assertEquals(2, Main.run(new String[] {"qualify", "--plan", dir.resolve("none.yaml").toString(),
                "--dry-run"}, new PrintWriter(out, true), new PrintWriter(err, true)));
        assertOneLine("none.yaml: no such file");
    }

    @Test
    void singleLinkFlagsAreRefusedUnderPlanNamingEachAsTyped() throws IOException {
        for (String flag : new String[] {"--under-load=backup:4", "--from=a,b", "--both-directions",
                "--gap-within=1h", "--local-log-write=1ms", "--standby-dir=/x", "--load-dscp=AF11"}) {
            assertEquals(2, qualify(GOOD, "--dry-run", flag), flag);
            assertOneLine(flag.replaceAll("=.*", "") + ": ");
        }
        assertEquals(2, qualify(GOOD, "--dry-run", "--mode", "sync", "-R", "--affirm", "--gap=10GB"));
        String e = err.toString().trim();
        assertOneLine("--mode: each route names its mode");
        assertTrue(e.contains("-R: a plan ships redo the way its routes go") && e.contains("--affirm: ")
                && e.contains("--gap: the plan's outage") && e.endsWith("(not used with --plan)"), e);
        assertEquals(2, qualify(GOOD, "--dry-run", "--redo-write-size", "32KiB,64KiB"));
        assertOneLine("--redo-write-size: a plan runs one write size, 2 given");
    }

    @Test
    void commitBudgetOnTheCommandLineStandsForThePlans() throws IOException {
        assertEquals(0, qualify(GOOD, "--dry-run", "--commit-budget", "5ms"), err.toString());
        assertTrue(out.toString().contains("budget 5 ms."), out.toString());
    }

    private void bad(String plan, String contains) throws IOException {
        assertEquals(2, qualify(plan, "--dry-run"), out + "\n" + err);
        assertOneLine(contains);
    }

    private String lastError = "";

    private void assertOneLine(String contains) {
        String e = err.toString().trim();
        lastError = e;
        err.getBuffer().setLength(0);
        assertEquals(1, e.lines().count(), "one line: " + e);
        assertTrue(e.startsWith("probe: --plan ") || e.startsWith("probe: --"), e);
        assertTrue(e.contains(contains), e);
        assertFalse(e.contains("Exception"), e);
    }
}
