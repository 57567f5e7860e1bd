package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.probe.core.objstore.endpoint.ApiKey;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-contained bundle (issue 14), unpacked from the tarball the build made and run with no java on PATH and
 * no JAVA_HOME: every command family on its own runtime, the launcher's promises, what the runtime and the notices
 * hold, and the systemd unit.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class BundleIT {
    /** The programs bin/probe may run; the tests' PATH holds only these (and no java). */
    private static final List<String> TOOLS = List.of("sh", "ls", "cat", "mkdir", "mv", "rm", "cksum", "cut");
    @TempDir
    static Path dir;
    static Path home;
    static Map<String, String> env;

    @BeforeAll
    static void unpack() throws Exception {
        Path tarball = Path.of(System.getProperty("probe.bundle", "probe-cli/target/bundle-not-set.tar.gz"));
        assumeTrue(Files.isRegularFile(tarball), "the bundle was not built (-Dbundle.skip?): " + tarball);
        Process tar = new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", dir.toString()).inheritIO().start();
        assertTrue(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar -xzf " + tarball);
        try (Stream<Path> top = Files.list(dir)) {
            home = top.filter(p -> p.getFileName().toString().startsWith("probe-")).findFirst().orElseThrow();
        }
        Path bin = Files.createDirectories(dir.resolve("path-without-java"));
        for (String tool : TOOLS) {
            Files.createSymbolicLink(bin.resolve(tool), which(tool));
        }
        // JAVA_OPTS as ProbeProcess starts probe.jar: without the optimising compiler (a third of a short JVM's CPU)
        env = new HashMap<>(Map.of("PATH", bin.toString(), "HOME", dir.resolve("home").toString(), "LANG", "C.UTF-8",
                "JAVA_OPTS", "-XX:TieredStopAtLevel=1"));
    }

    private static Path which(String tool) {
        for (String d : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return Path.of(d, tool);
            }
        }
        throw new IllegalStateException(tool + " not found");
    }

    private static ProbeProcess probe(Map<String, String> extraEnv, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/probe").toString()));
        cmd.addAll(Arrays.asList(args));
        Map<String, String> e = new HashMap<>(env);
        e.putAll(extraEnv);
        return ProbeProcess.command(cmd, e, dir);
    }

    private static ProbeProcess probe(String... args) throws IOException {
        return probe(Map.of(), args);
    }

    /**
     * Issue 40, point 3, through bin/probe as a service manager starts it: the memory store refuses a PUT past its
     * default cap (a quarter of the heap) with OCI's 507 and serves on; with the cap lifted, the OutOfMemoryError
     * that follows ends the process with exit 70 (the JVM's -XX:+ExitOnOutOfMemoryError would say 3).
     */
    @Test
    void theMemoryStoreRefusesPastItsCapAndAnOutOfMemoryErrorExits70() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        byte[] forty = new byte[40 << 20];
        for (String cap : List.of("default", "1TiB")) {
            List<String> args = new ArrayList<>(List.of("server", "--bind", "127.0.0.1", "--port", "0",
                    "--objectstore-port", "0", "--store", "memory", "--allow-unsigned", "--bucket", "b", "--quiet"));
            if (!cap.equals("default")) {
                args.addAll(List.of("--store-max-size", cap));
            }
            try (ProbeProcess server = probe(Map.of("JAVA_OPTS", "-XX:TieredStopAtLevel=1 -Xmx128m"),
                    args.toArray(new String[0]))) {
                String url = server.awaitMatch(ProbeProcess.ENDPOINT, ProbeProcess.PROGRESS_MS);
                List<Integer> codes = new ArrayList<>();
                for (int i = 0; i < 8 && server.alive(); i++) {
                    try {
                        codes.add(http.send(HttpRequest.newBuilder(URI.create(url + "/n/probe/b/b/o/"
                                + i)).PUT(HttpRequest.BodyPublishers.ofByteArray(forty))
                                .timeout(Duration.ofSeconds(30)).build(),
                                HttpResponse.BodyHandlers.discarding()).statusCode());
                    } catch (IOException ended) {
                        codes.add(-1);
                    }
                }
                if (cap.equals("default")) {
                    assertTrue(codes.contains(507), "past a quarter of 128 MiB: InsufficientStorage " + codes);
                    assertEquals(200, http.send(HttpRequest.newBuilder(URI.create(url + "/n"))
                            .build(), HttpResponse.BodyHandlers.discarding()).statusCode(),
                            "and it serves on");
                    assertTrue(server.alive());
                } else {
                    assertEquals(70, server.awaitExit(), codes + " " + server.stdout());
                    assertTrue(server.stdout().contains("fatal: java.lang.OutOfMemoryError"), server.stdout());
                }
            }
        }
    }

    @Test
    void versionWithNoJavaAnywhereAndTheClassDataSharingArchiveInUse() throws Exception {
        ProbeProcess noJava = ProbeProcess.command(List.of("sh", "-c", "command -v java || echo $JAVA_HOME"), env, dir);
        noJava.awaitExit();
        assertEquals("", noJava.stdout().trim(), "the tests' environment has no java and no JAVA_HOME");

        ProbeProcess version = probe("--version");
        assertEquals(0, version.awaitExit(), version.stderr());
        assertTrue(version.stdout().matches("probe \\S+, Java 17\\S*"), version.stdout());
        assertTrue(Files.isRegularFile(home.resolve("lib/probe.jsa")),
                "the first run made the archive of probe's classes");

        // -Xshare:on makes the JVM fail when it cannot map the archive: the launcher's archive matches this place.
        // JAVA_OPTS reaches the JVM: -XshowSettings prints the property set through it.
        ProbeProcess shared = probe(Map.of("JAVA_OPTS",
                "-Xshare:on -XshowSettings:properties -Dprobe.bundle.check=passed"),
                "report", "predict", "--rtt-ms", "20", "--loss-pct", "0.1");
        assertEquals(0, shared.awaitExit(), shared.stdout());
        assertTrue(shared.printed("Predicted throughput"), shared.stdout());
        assertTrue(shared.stderr().contains("probe.bundle.check = passed"), "JAVA_OPTS passed through");
    }

    @Test
    void throughSymlinksFromAnotherDirectoryKeepingExitCodes() throws Exception {
        Path links = Files.createDirectories(dir.resolve("links"));
        Path first = links.resolve("probe");
        if (!Files.exists(first, LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(first, links.relativize(home.resolve("bin/probe")));
            Files.createSymbolicLink(links.resolve("p"), Path.of("probe"));
        }
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        ProbeProcess ok = ProbeProcess.command(List.of(links.resolve("p").toString(), "report", "predict", "--rtt-ms",
                "5", "--loss-pct", "0"), env, elsewhere);
        assertEquals(0, ok.awaitExit(), ok.stderr());
        assertTrue(ok.printed("Predicted throughput"), ok.stdout());

        ProbeProcess bad = ProbeProcess.command(List.of(links.resolve("p").toString(), "report", "predict", "--rtt-ms",
                "5", "--loss-pct", "lots"), env, elsewhere);
        assertEquals(2, bad.awaitExit());
        String err = bad.stderr().trim();
        assertTrue(err.startsWith("probe: ") && err.contains("'--loss-pct'") && !err.contains("\n"), err);
    }

    @Test
    void demoRunsOnTheBundlesRuntime() throws Exception {
        ProbeProcess demo = probe("demo", "--duration", "1s");
        assertEquals(0, demo.awaitExit(120), demo.stderr());
        assertEquals(3, demo.stdout().lines().filter(l -> l.contains("Test finished.")).count(), demo.stdout());
        assertTrue(demo.printed("Avg. disk write"), demo.stdout());
    }

    @Test
    void serverClientBulkAndReportOverTlsWithASecret() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "a shared secret of enough bytes\n");
        try (ProbeProcess server = probe("server", "--bind", "127.0.0.1", "--port", "0", "--tls", "--secret-file",
                secret.toString(), "--dir", dir.resolve("pieces").toString(), "--file", dir.resolve("redo.dat")
                        .toString())) {
            int port = server.awaitServerPort();
            String fingerprint = server.awaitMatch(ProbeProcess.FINGERPRINT, ProbeProcess.PROGRESS_MS);
            List<String> secure = List.of("--port", String.valueOf(port), "--tls", "--trust-fingerprint", fingerprint,
                    "--secret-file", secret.toString());

            Path sync = dir.resolve("sync.json");
            succeeds(concat(List.of("client", "127.0.0.1", "--mode", "sync", "--write", "--duration", "1s",
                    "--length", "32k", "--json", sync.toString()), secure));
            JsonNode doc = new ObjectMapper().readTree(sync.toFile());
            assertTrue(doc.at("/params/tls/protocol").asText().startsWith("TLSv1."), doc.toString());

            Path backup = dir.resolve("backup.json");
            Path restore = dir.resolve("restore.json");
            succeeds(concat(List.of("bulk", "127.0.0.1", "--direction", "backup", "--channels", "2",
                    "--volume", "32MiB", "--piece-size", "8MiB", "--run-id", "bundle", "--json", backup.toString()),
                    secure));
            succeeds(concat(List.of("bulk", "127.0.0.1", "--direction", "restore", "--channels", "2",
                    "--volume", "32MiB", "--piece-size", "8MiB", "--run-id", "bundle", "--json", restore.toString()),
                    secure));

            Path charts = dir.resolve("compare");
            succeeds(List.of("report", "compare", backup.toString(), restore.toString(), "--out",
                    charts.toString()));
            try (Stream<Path> files = Files.list(charts)) {
                Set<String> names = files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
                assertTrue(names.stream().anyMatch(n -> n.endsWith(".png")), "PNG charts (java.desktop): " + names);
                assertTrue(names.stream().anyMatch(n -> n.endsWith(".html")), "an HTML page: " + names);
            }
        }
    }

    @Test
    void objectStorageThroughTheOciSdkAgainstTheHttpsEndpoint() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("objstore"));
        Path config = ApiKey.create(keys).config();
        SelfSignedCertificate cert = new SelfSignedCertificate("localhost");
        TrustStore trust = TrustStore.of(cert.cert(), keys.resolve("trust.p12"));
        try (ProbeProcess server = probe("server", "--bind", "127.0.0.1", "--port", "0", "--tls", "--cert",
                cert.certificate().toString(), "--key", cert.privateKey().toString(), "--objectstore-port", "0",
                "--store", "memory", "--authorized-keys", keys.resolve("authorized").toString(), "--bucket", "rman")) {
            server.awaitServerPort();
            String url = server.awaitMatch(ProbeProcess.ENDPOINT, ProbeProcess.PROGRESS_MS).replace("127.0.0.1",
                    "localhost");
            assertTrue(url.startsWith("https://"), url);
            Map<String, String> trustStore = Map.of("JAVA_OPTS",
                    String.join(" ", trust.jvmOptions()) + " " + env.get("JAVA_OPTS"));
            for (String direction : List.of("backup", "restore")) {
                ProbeProcess run = probe(trustStore, "objstore", direction, "--endpoint", url, "--namespace", "probe",
                        "--bucket", "rman", "--config", config.toString(), "--channels", "2", "--volume", "32MiB",
                        "--piece-size", "16MiB", "--part-size", "8MiB", "--run-id", "bundle", "--keep");
                assertEquals(0, run.awaitExit(120), direction + ": " + run.stderr() + run.stdout());
                assertTrue(run.printed("Aggregate throughput"), run.stdout());
            }
        }
    }

    @Test
    void qualifyAndTheLabsPlanRun() throws Exception {
        try (ProbeProcess server = probe("server", "--bind", "127.0.0.1", "--port", "0", "--file",
                dir.resolve("qualify.dat").toString())) {
            int port = server.awaitServerPort();
            Path page = dir.resolve("qualify");
            // a loopback round trip's p99 on a two-core machine busy with other test JVMs can pass tens of ms: the
            // budget is QualifyJarIT's (the verdict's thresholds are core's tests, on exact figures)
            ProbeProcess q = probe("qualify", "127.0.0.1", "--port", String.valueOf(port), "--redo-rate", "2MB",
                    "--commit-budget", "250ms", "--budget", "15s", "--out", page.toString());
            int exit = q.awaitExit(120);
            // the bundle's qualify runs to a verdict and writes its page; loopback carries the redo (ASYNC PASS), but
            // SYNC's commit time there is the host's scheduling: run 97 had p50 198.574 ms over a 0.497 ms round trip
            // beside the suite, MARGINAL against the 250 ms budget (exit 6)
            assertTrue((exit == 0 && q.printed("VERDICT: PASS")) || (exit == 6 && q.printed("VERDICT: MARGINAL")
                    && q.stdout().matches("(?s).*\\n  ASYNC +PASS .*")), exit + ": " + q.stdout() + q.stderr());
            assertTrue(Files.isRegularFile(page.resolve("qualify.html")), "the page is written");
        }
        ProbeProcess plan = probe("lab", "netem-plan", "--rtt-ms", "20", "--loss-pct", "0.1", "--direction", "backup",
                "--dev-to-server", "eth1", "--dev-to-client", "eth0");
        assertEquals(0, plan.awaitExit(), plan.stderr());
        assertTrue(plan.printed("netem"), plan.stdout());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Runs {@code args} from the bundle and asserts exit 0. */
    private static void succeeds(List<String> args) throws Exception {
        ProbeProcess p = probe(args.toArray(new String[0]));
        assertEquals(0, p.awaitExit(120), String.join(" ", args) + ": " + p.stderr() + p.stdout());
    }

    /**
     * The modules jdeps found in the bundle's lib/probe.jar when the build made the runtime from them (its answer in
     * probe-cli/target/jdeps-modules.txt: the same command on the same jar, which took 51 s here once more), with
     * the service modules, and what they require: no more, no fewer.
     */
    @Test
    void runtimeHoldsOnlyTheModulesJdepsFinds() throws Exception {
        String found = Files.readString(Path.of(System.getProperty("probe.target"), "jdeps-modules.txt")).trim();
        assertTrue(found.matches("[a-z.]+(,[a-z.]+)*"), "jdeps named modules: " + found);
        Set<String> wanted = new TreeSet<>(Arrays.asList(found.split(",")));
        wanted.addAll(Arrays.asList(System.getProperty("probe.bundle.serviceModules", "").split(",")));
        wanted.remove("");
        Set<String> closure = closure(wanted);

        Properties release = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("runtime/release"))) {
            release.load(in);
        }
        Set<String> runtime = new TreeSet<>(Arrays.asList(release.getProperty("MODULES").replace("\"", "").split(" ")));
        assertEquals(closure, runtime, "the runtime = jdeps's modules " + wanted + " and what they require");
    }

    /** {@code roots} and every module they require, as the build's JDK declares them. */
    private static Set<String> closure(Set<String> roots) {
        ModuleFinder system = ModuleFinder.ofSystem();
        Set<String> all = new TreeSet<>();
        List<String> todo = new ArrayList<>(roots);
        while (!todo.isEmpty()) {
            String name = todo.remove(todo.size() - 1);
            if (all.add(name)) {
                ModuleDescriptor d = system.find(name).orElseThrow(() -> new AssertionError("no module " + name))
                        .descriptor();
                d.requires().stream().filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                        .forEach(r -> todo.add(r.name()));
            }
        }
        return all;
    }

    @Test
    void noticesNameEveryLibraryInTheJarAndTheTarballIsSmall() throws Exception {
        String notices = Files.readString(home.resolve("THIRD-PARTY-NOTICES"));
        List<String> missing = new ArrayList<>();
        int libraries = 0;
        try (ZipFile jar = new ZipFile(home.resolve("lib/probe.jar").toFile())) {
            for (var e : jar.stream().filter(e -> e.getName().matches("META-INF/maven/.+/pom\\.properties")).toList()) {
                Properties pom = new Properties();
                pom.load(jar.getInputStream(e));
                String id = pom.getProperty("groupId") + ":" + pom.getProperty("artifactId") + ":";
                if (!id.startsWith("dev.probe:")) {
                    libraries++;
                    if (!notices.contains(id)) {
                        missing.add(id);
                    }
                }
            }
        }
        assertTrue(libraries > 30, "the jar names its libraries: " + libraries);
        assertEquals(List.of(), missing, "every library in lib/probe.jar is in THIRD-PARTY-NOTICES");
        assertTrue(notices.contains("runtime/legal"), "the runtime's own notices are pointed to");
        assertTrue(Files.isRegularFile(home.resolve("LICENSE")));
        String readme = Files.readString(home.resolve("README.md"));
        assertTrue(readme.startsWith("# probe (self-contained bundle)") && !readme.contains("mvn "),
                "issue 24: the bundle's README starts a user with bin/probe, not with Maven: " + readme.lines()
                        .findFirst());

        long size = Files.size(Path.of(System.getProperty("probe.bundle")));
        assertTrue(size <= 80_000_000L, "tarball at most 80 MB: " + size);
        assertFalse(Files.exists(home.resolve("runtime/include")), "no header files");
    }

    /**
     * Issue 29: no library in the bundle is under the GPL or AGPL alone (license-maven-plugin's data, as the notices
     * carry it). A library passes when one of its licences is not a GPL: the LGPL, the GPL with the Classpath
     * Exception, or any other licence offered beside it.
     */
    @Test
    void noBundledLibraryIsUnderTheGplOrAgplAlone() throws Exception {
        List<String> lines = Files.readAllLines(home.resolve("THIRD-PARTY-NOTICES"));
        List<String> gplOnly = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (!l.startsWith("Licence: ")) {
                continue;
            }
            checked++;
            boolean anotherChoice = false;
            for (String licence : l.substring("Licence: ".length()).split("; ")) {
                anotherChoice |= !copyleftWithoutException(licence);
            }
            if (!anotherChoice) {
                gplOnly.add(lines.get(i - 2).trim() + " (" + l + ")");
            }
        }
        assertTrue(checked > 30, "the notices give each library's licence: " + checked);
        assertEquals(List.of(), gplOnly, "libraries under the GPL or AGPL alone");
        assertFalse(String.join("\n", lines).contains("org.jfree:org.jfree.svg"), "JFreeSVG (GPLv3) is gone");
    }

    /** GPL or AGPL of any version, not the LGPL, not with the Classpath Exception. */
    static boolean copyleftWithoutException(String licence) {
        String l = licence.toLowerCase(Locale.ROOT);
        boolean gpl = l.matches(".*\\ba?gpl.*") || l.contains("general public licen");
        boolean weaker = l.contains("lesser") || l.contains("lgpl") || l.contains("library general")
                || l.contains("classpath") || l.contains("cpe");
        return gpl && !weaker;
    }

    @Test
    void theGplCheckTellsTheLicencesApart() {
        assertTrue(copyleftWithoutException("GNU General Public License (GPL)"));
        assertTrue(copyleftWithoutException("GNU Affero General Public License v3"));
        assertTrue(copyleftWithoutException("GPL-3.0-or-later"));
        assertFalse(copyleftWithoutException("GNU Lesser General Public Licence"));
        assertFalse(copyleftWithoutException("GPL2 w/ CPE"));
        assertFalse(copyleftWithoutException(
                "The GNU General Public License (GPL), Version 2, With Classpath Exception"));
        assertFalse(copyleftWithoutException("Apache License, Version 2.0"));
    }

    /** Issue 29: a man page for probe and each command, rendered by man-db and groff without a warning. */
    @Test
    void manPagesRenderWithoutWarnings() throws Exception {
        Path man1 = home.resolve("share/man/man1");
        List<Path> pages;
        try (var list = Files.list(man1)) {
            pages = list.filter(p -> p.toString().endsWith(".1")).sorted().toList();
        }
        assertTrue(pages.size() >= 20 && pages.contains(man1.resolve("probe.1"))
                && pages.contains(man1.resolve("probe-report-compare.1")), "pages: " + pages);
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/man")), "man-db is not installed");
        for (Path page : pages) {
            Process p = new ProcessBuilder("man", "--warnings", "-l", page.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String warnings = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, page + ": " + warnings);
            assertEquals("", warnings.strip(), page + " renders without warnings");
        }
        ProcessBuilder pb = new ProcessBuilder("man", "-l", man1.resolve("probe-client.1").toString());
        pb.environment().put("MANWIDTH", "100");
        Process client = pb.start();
        String text = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(client.waitFor(30, TimeUnit.SECONDS));
        assertTrue(text.contains("--mode") && text.contains("--from=HOST[:PORT][,HOST[:PORT]...]"), text);
        assertTrue(!text.contains("probe dev") && text.contains("probe " + System.getProperty("probe.version", "0.")),
                "issue 39: the footer names the version built, not \"probe dev\": " + text.lines()
                        .reduce((a, b) -> b).orElse(""));
    }

    /** Issue 29: the shipped bash completion, sourced in a real bash, completes commands and options. */
    @Test
    void bashCompletionCompletesCommandsAndOptions() throws Exception {
        Path script = home.resolve("share/bash-completion/completions/probe");
        assertTrue(Files.isRegularFile(script), "completion shipped in the bundle");
        assertEquals(List.of("qualify"), complete(script, "probe", "qu"));
        assertEquals(List.of("--mode"), complete(script, "probe", "client", "--mo"));
        assertFalse(complete(script, "probe", "").contains("completion"), "the hidden command is not offered");
    }

    /** COMPREPLY for the last of {@code words} (the word being completed), from bash with the script sourced. */
    private static List<String> complete(Path script, String... words) throws Exception {
        String line = String.join(" ", words);
        String cmd = "source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; "
                + "COMP_POINT=${#COMP_LINE}; _complete_probe 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"";
        List<String> argv = new ArrayList<>(List.of("bash", "-c", cmd, "bash", script.toString()));
        argv.addAll(List.of(words));
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, line + ": " + out);
        return out.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void thePrometheusRulesAndScrapeConfigAreShipped() throws Exception {
        Path rules = home.resolve("share/prometheus/dgprobe-rules.yml");
        assertEquals(Files.readString(MonitorPrometheusIT.rules()), Files.readString(rules), "the rules as checked");
        assertTrue(Files.readString(home.resolve("share/prometheus/dgprobe-scrape.yml")).contains(
                "metrics_path: /probe"));
        Path promtool = Path.of("/usr/bin/promtool");
        assumeTrue(Files.isExecutable(promtool), "promtool is not installed (Debian package prometheus)");
        Process p = new ProcessBuilder(promtool.toString(), "check", "rules", rules.toString()).redirectErrorStream(
                true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
    }

    @Test
    void theSystemdUnitsVerify() throws Exception {
        Path unit = home.resolve("share/systemd/probe-server.service");
        String text = Files.readString(unit);
        for (String line : List.of("User=probe", "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict",
                "PrivateTmp=yes", "--secret-file /etc/probe/secret", "--tls", "SystemCallFilter=@system-service",
                "SystemCallArchitectures=native", "ProtectProc=invisible", "MemoryMax=", "TasksMax=")) {
            assertTrue(text.contains(line), "the unit has " + line);
        }
        String monitor = Files.readString(home.resolve("share/systemd/probe-monitor@.service"));
        for (String line : List.of("User=probe", "ExecStart=/opt/probe/bin/probe monitor %i --tls", "-Xmx64m",
                "NoNewPrivileges=yes", "ProtectSystem=strict")) {
            assertTrue(monitor.contains(line), "the monitor's unit has " + line);
        }
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        assumeTrue(Files.isExecutable(analyze), "systemd-analyze is not installed (Debian package systemd)");
        // verify checks that ExecStart's program exists: point it at this unpacked bundle instead of /opt/probe
        verify(analyze, "probe-server.service", text);
        verify(analyze, "probe-monitor@standby1.service", monitor); // a template verifies as an instance
        assertNotEquals(-1, text.indexOf("[Install]"));
    }

    private void verify(Path analyze, String name, String text) throws Exception {
        Path copy = dir.resolve(name);
        Files.writeString(copy, text.replace("/opt/probe/bin/probe", home.resolve("bin/probe").toString()));
        Process p = new ProcessBuilder(analyze.toString(), "verify", copy.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "systemd-analyze finished");
        assertEquals(0, p.exitValue(), out);
        assertFalse(out.contains(name.replaceAll("@.*", "")), "no complaint about " + name + ": " + out);
        // issue 40, point 7: system calls, ABI, /proc, memory and tasks bounded (3.4 before)
        Process sec = new ProcessBuilder(analyze.toString(), "security", "--offline=true", copy.toString())
                .redirectErrorStream(true).start();
        String report = new String(sec.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(sec.waitFor(60, TimeUnit.SECONDS), "systemd-analyze security finished");
        Matcher m = Pattern.compile("Overall exposure level for \\S+: ([0-9.]+)")
                .matcher(report);
        assertTrue(m.find(), report);
        assertTrue(Double.parseDouble(m.group(1)) <= 2.0, name + "'s exposure " + m.group(1) + ":\n" + report);
    }
}
