package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 29: probe_VERSION_amd64.deb installs with dpkg, runs a server and a client from the installed files, and
 * dpkg -r removes it while /etc/probe stays. Root only, and only where no probe is installed already (the test
 * installs into this machine's /opt, /usr and /etc, and purges and removes what it added, also on failure).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DebPackageIT {
    @Test
    void installsRunsAndRemovesKeepingEtcProbe() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "dpkg -i needs root");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/dpkg")), "dpkg is not installed (not a Debian-family host)");
        assumeTrue(!Files.exists(Path.of("/opt/probe")) && !Files.exists(Path.of("/etc/probe")),
                "/opt/probe or /etc/probe exists: a probe is installed here, and this test would replace it");
        assumeTrue(Packages.run("dpkg-query", "-W", "probe").code() != 0, "a probe package is installed already");
        Path deb = Packages.built("probe_.+_amd64\\.deb");
        boolean userBefore = Packages.run("getent", "passwd", "probe").code() == 0;
        try {
            Packages.Result install = Packages.run("dpkg", "-i", deb.toString());
            assertEquals(0, install.code(), install.out());
            Packages.Result version = Packages.run("/usr/bin/probe", "--version");
            assertEquals(0, version.code(), version.out());
            assertTrue(version.out().contains("probe"), version.out());
            Path secret = Path.of("/etc/probe/secret");
            assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)));
            assertEquals("probe", Files.readAttributes(secret, PosixFileAttributes.class)
                    .group().getName());
            assertTrue(Files.isRegularFile(Path.of("/lib/systemd/system/probe-server.service")));
            assertFalse(Files.exists(Path.of("/etc/systemd/system/multi-user.target.wants/probe-server.service")),
                    "installed, not enabled");
            Packages.Result files = Packages.run("dpkg", "-L", "probe");
            assertTrue(files.out().contains("/usr/share/man/man1/probe.1") && files.out().contains(
                    "/usr/share/man/man1/probe-client.1")
                    && files.out().contains("/usr/share/bash-completion/completions/probe"), files.out());
            // not dropped by a dpkg path-exclude (slim images), and man-db present: man probe finds the page
            if (Files.isRegularFile(Path.of("/usr/share/man/man1/probe.1")) && Files.isExecutable(Path.of(
                    "/usr/bin/man"))) {
                Packages.Result man = Packages.run("man", "-w", "probe");
                assertTrue(man.code() == 0 && man.out().contains("/usr/share/man/man1/probe.1"), "man -w probe: " + man
                        .out());
            }
            assertTrue(Files.isRegularFile(Path.of("/opt/probe/lib/probe.jsa")), "the CDS archive made at install");
            serverAndClientFromTheInstalledFiles();

            Packages.Result remove = Packages.run("dpkg", "-r", "probe");
            assertEquals(0, remove.code(), remove.out());
            assertFalse(Files.exists(Path.of("/usr/bin/probe")) || Files.exists(Path.of("/opt/probe/bin/probe")));
            assertFalse(Files.exists(Path.of("/opt/probe/lib/probe.jsa")), "the archive made at install went too");
            assertTrue(Files.isRegularFile(secret) && Files.isRegularFile(Path.of("/etc/probe/server.env")),
                    "removal keeps /etc/probe");
        } finally {
            Packages.run("dpkg", "--purge", "probe");
            Packages.run("rm", "-rf", "/etc/probe", "/opt/probe");
            if (!userBefore) {
                Packages.run("userdel", "probe");
            }
        }
    }

    private static void serverAndClientFromTheInstalledFiles() throws Exception {
        try (ProbeProcess server = ProbeProcess.command(List.of("/usr/bin/probe", "server", "--bind", "127.0.0.1",
                "--port", "0", "--quiet"), System.getenv(), null)) {
            int port = server.awaitServerPort();
            ProbeProcess client = ProbeProcess.command(List.of("/usr/bin/probe", "client", "127.0.0.1", "--port",
                    String.valueOf(port), "--mode", "async", "--duration", "1s"), System.getenv(), null);
            int code = client.awaitExit();
            assertEquals(0, code, client.stderr() + client.stdout());
            assertTrue(client.printed("Test finished."), client.stdout());
        }
    }
}
