package dev.probe.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.cli.common.LeanJvm;
import dev.probe.core.lab.LabState;
import dev.probe.core.lab.Netns;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A {@code java -jar probe.jar ...} (or bundle {@code bin/probe ...}) process with its output collected line by line. */
final class ProbeProcess implements AutoCloseable {
    private static final Pattern STARTED = Pattern.compile("Probe server started on ([0-9.]+):(\\d+)");
    /** The server's Object Storage endpoint URL, as it prints it. */
    static final Pattern ENDPOINT = Pattern.compile("Object Storage endpoint on (https?://[0-9.]+:\\d+)");
    /** The server's TLS certificate fingerprint, as it prints it. */
    static final Pattern FINGERPRINT = Pattern.compile("fingerprint ([0-9A-F:]{95})");
    private final Process process;
    private String stderr;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;
    /** The nice value of the processes this JVM starts from now on ({@link TimingPriority}); 0: the JVM's own. */
    private static volatile int niceness;

    private ProbeProcess(List<String> cmd, Map<String, String> env, Path cwd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(atNiceness(cmd)).redirectErrorStream(false);
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        process = pb.start();
        reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null;) {
                    lines.add(l);
                }
            } catch (IOException ignored) {
                // process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /** Processes started from now on run at nice {@code n} (0: as this JVM); forks run one class at a time. */
    static void niceness(int n) {
        niceness = n;
    }

    /** {@code cmd} prefixed to run at the niceness set by {@link #niceness(int)}, for a process started by hand. */
    static List<String> atNiceness(List<String> cmd) {
        if (niceness == 0) {
            return cmd;
        }
        List<String> niced = new ArrayList<>(List.of("/usr/bin/nice", "-n", String.valueOf(niceness)));
        niced.addAll(cmd);
        return niced;
    }

    /**
     * {@code probe ARGS}; a server or agent on the lean JVM it would restart itself on ({@link LeanJvm#FLAGS}), given up
     * front: the suite starts about a hundred, and each restart costs a JVM's start (about 0.4 CPU s). LeanJvmIT starts
     * its server through {@link #startWithJvm} to see the restart itself.
     */
    static ProbeProcess start(String... args) throws IOException {
        return startWithJvm(lean(args), args);
    }

    /** {@link LeanJvm#FLAGS} for a {@code server} or {@code agent}, else nothing. */
    private static List<String> lean(String... args) {
        return args.length > 0 && (args[0].equals("server") || args[0].equals("agent")) ? LeanJvm.FLAGS : List.of();
    }

    /**
     * {@code JAVA -jar probe.jar ARGS} inside a lab's namespace ({@code where}: the lab's {@code --name} and {@code
     * --side} or {@code --site}, as {@code lab run} takes them), on the build's class archive ({@link
     * SharedClasses#java()}), a server or agent on the lean JVM as {@link #start} gives it. It is what {@code lab run}
     * starts ({@code ip netns exec NS} with {@code PROBE_LAB} set, the probe's own pid taking the test's signals)
     * without lab run's JVM around it: half a CPU second each, a hundred-odd per suite on a CPU-bound 2-core host.
     * {@code lab run} itself is under test in LabJarIT, SiteLabJarIT and HostileNfsLabIT.
     */
    static ProbeProcess inLab(List<String> where, String... args) throws IOException {
        String name = flag(where, "--name", "");
        JsonNode state = LabState.read(name).orElseThrow(() -> new IllegalStateException("lab " + name + " is not up"));
        String site = flag(where, "--site", null);
        String ns = (site != null ? state.path("sites").path(site).path("namespace")
                : state.path(flag(where, "--side", "client") + "_namespace")).asText("");
        if (ns.isEmpty()) {
            throw new IllegalStateException("no namespace for " + where + " in " + state);
        }
        List<String> cmd = new ArrayList<>(Netns.execIn(ns, List.of("env", LabState.ENV + "=" + name)));
        cmd.addAll(jarCommand(args));
        return new ProbeProcess(cmd, null, null);
    }

    /** The value after {@code flag} in {@code args}, else {@code otherwise}. */
    private static String flag(List<String> args, String flag, String otherwise) {
        int i = args.indexOf(flag);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : otherwise;
    }

    /** {@code JAVA [lean flags] -jar probe.jar ARGS} for a command run as it is (in a namespace, under setsid). */
    static List<String> jarCommand(String... args) {
        List<String> cmd = new ArrayList<>(List.of(SharedClasses.java()));
        cmd.addAll(lean(args));
        cmd.addAll(List.of("-jar", jar().toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** A server on 127.0.0.1, port 0, its redo file in {@code dir}, plus {@code extra} flags. */
    static ProbeProcess loopbackServer(Path dir, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("server", "--bind", "127.0.0.1", "--port", "0", "--file",
                dir.resolve("redo.dat").toString()));
        args.addAll(List.of(extra));
        return start(args.toArray(new String[0]));
    }

    /**
     * Starts with JVM options, e.g. {@code -Dprobe.nio=true}: {@code java -XX:TieredStopAtLevel=1 -jar probe.jar}
     * with the build's class archive ({@link SharedClasses}). The suite starts a few hundred short JVMs, and the
     * optimising compiler's threads cost each about a third of its CPU while changing nothing a test checks (output,
     * files, exit codes, the lean restart, which keeps this flag). Only a lab's forwarder ({@code lab up
     * --foreground}) keeps the optimising compiler, being timed; {@code lab up} starts it as a JVM of its own without
     * these flags, so the suite's hundred-odd {@code lab up/run/down/status} wrappers take it too (about 0.1 CPU s
     * less each: {@code lab run}'s 0.45-0.49 user s, 0.37-0.41 on C1).
     */
    static ProbeProcess startWithJvm(List<String> jvmArgs, String... args) throws IOException {
        boolean forwarder = args.length > 0 && args[0].equals("lab") && List.of(args).contains("--foreground");
        List<String> cmd = new ArrayList<>(List.of(javaBin()));
        if (!forwarder) {
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        cmd.addAll(SharedClasses.flags());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-jar", jar().toString()));
        cmd.addAll(List.of(args));
        return new ProbeProcess(cmd, null, null);
    }

    /** Starts {@code command} as it is, with exactly the environment {@code env}, in {@code cwd}. */
    static ProbeProcess command(List<String> command, Map<String, String> env, Path cwd) throws IOException {
        return new ProbeProcess(command, env, cwd);
    }

    static Path jar() {
        Path p = Path.of(System.getProperty("probe.jar", "probe-cli/target/probe.jar"));
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("probe.jar not built at " + p.toAbsolutePath());
        }
        return p;
    }

    private static String javaBin() {
        return SharedClasses.javaBin();
    }

    /**
     * The suite's bound on a wait for progress (a server's start line, a run's first interval): it only tells a slow
     * process from a hung one, never a figure.
     */
    static final long PROGRESS_MS = 90_000;

    /**
     * {@link #awaitServerPort(long)} with the suite's progress bound, {@link #PROGRESS_MS}. A server or agent at nice
     * 0 beside two labs whose forwarders run at nice -10 (TimingPriority) gets about a tenth of a core, and its start
     * (two JVMs: the lean restart) then takes tens of seconds: run 65's ResultsSurviveIT server printed nothing in
     * 30 s beside PolicerLabIT and SiteLabJarIT. The bound only tells a slow start from a hung one.
     */
    int awaitServerPort() throws InterruptedException {
        return awaitServerPort(PROGRESS_MS);
    }

    /** Waits for the server's start line and returns its port. */
    int awaitServerPort(long timeoutMs) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < end) {
            for (String l : lines) {
                Matcher m = STARTED.matcher(l);
                if (m.find()) {
                    return Integer.parseInt(m.group(2));
                }
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited: " + stderr() + lines);
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("server did not start: " + lines);
    }

    /** Waits for a line matching {@code pattern} and returns its first group. */
    String awaitMatch(Pattern pattern, long timeoutMs) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMs;
        while (true) {
            boolean exited = !process.isAlive();
            if (exited) {
                reader.join(2_000); // its last lines
            }
            for (String l : lines) {
                Matcher m = pattern.matcher(l);
                if (m.find()) {
                    return m.group(1);
                }
            }
            if (exited || System.currentTimeMillis() >= end) {
                break;
            }
            Thread.sleep(20);
        }
        // say why: a process that gave up (and its stderr) tells more than the wait's end (the CI of 415a7c42: a
        // client printed its header and nothing else for 90 s)
        String why = process.isAlive() ? "still running after " + timeoutMs + " ms, killed" : "exited "
                + process.exitValue();
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
        throw new IllegalStateException("no line matching " + pattern + " (" + why + "): " + lines + "; stderr: "
                + stderr().strip());
    }

    /**
     * {@link #awaitExit(long)} with the suite's progress bound, {@link #PROGRESS_MS}: a JVM that only parses its flags
     * and exits can take longer than 30 s to do so at nice 0 beside labs at nice -10 (run 86: qualify refusing a bad
     * flag printed nothing in 30 s). The bound tells a hung process from a slow one; a test that promises
     * promptness measures the time itself.
     */
    int awaitExit() throws InterruptedException {
        return awaitExit(PROGRESS_MS / 1000);
    }

    /** Waits for exit and returns the code (kills the process after the timeout). */
    int awaitExit(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("probe did not exit within " + timeoutSeconds + " s: " + lines);
        }
        reader.join(2000);
        return process.exitValue();
    }

    /** The process's id (a server restarted lean keeps it: execve). */
    long pid() {
        return process.pid();
    }

    String stdout() {
        return String.join("\n", lines);
    }

    boolean printed(String text) {
        return lines.stream().anyMatch(l -> l.contains(text));
    }

    /** Everything the process wrote to stderr (read to its end once, then the same text on every call). */
    synchronized String stderr() {
        if (stderr == null) {
            try {
                stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }
        return stderr;
    }

    void kill() {
        process.destroyForcibly();
    }

    /** Sends {@code signal} (e.g. "TERM", "INT") to the process, as kill(1) does. */
    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
