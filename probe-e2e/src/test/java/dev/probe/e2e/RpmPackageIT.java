package dev.probe.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: probe-VERSION.x86_64.rpm read with Debian's rpm: its files, scriptlets and metadata, then installed into
 * a scratch --root (no dependencies or scriptlets there: the scratch root has no shell or useradd) and run from it.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RpmPackageIT {
    @TempDir
    Path dir;

    @Test
    void filesScriptletsAndMetadataThenAScratchRootInstall() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/rpm")), "rpm is not installed (Debian package rpm)");
        Path rpm = Packages.built("probe-.+\\.x86_64\\.rpm");
        Packages.Result files = Packages.run("rpm", "-qlp", rpm.toString());
        assertEquals(0, files.code(), files.out());
        for (String f : List.of("/opt/probe/bin/probe", "/opt/probe/lib/probe.jar", "/opt/probe/runtime/bin/java",
                "/usr/bin/probe", "/usr/lib/systemd/system/probe-server.service", "/usr/share/man/man1/probe.1",
                "/usr/share/man/man1/probe-client.1", "/usr/share/bash-completion/completions/probe",
                "/etc/probe/server.env", "/opt/probe/THIRD-PARTY-NOTICES", "/opt/probe/LICENSE")) {
            assertTrue(files.out().lines().anyMatch(f::equals), f + " in the package: " + files.out());
        }
        Packages.Result config = Packages.run("rpm", "-qcp", rpm.toString());
        assertEquals("/etc/probe/server.env", config.out().strip(), "the config file, kept on upgrade and removal");
        Packages.Result scripts = Packages.run("rpm", "-qp", "--scripts", rpm.toString());
        assertTrue(scripts.out().contains("preinstall scriptlet") && scripts.out().contains("useradd")
                && scripts.out().contains("postinstall scriptlet") && scripts.out().contains("/etc/probe/secret")
                && scripts.out().contains("preuninstall scriptlet") && scripts.out().contains("probe.jsa"), scripts
                        .out());
        Packages.Result info = Packages.run("rpm", "-qip", rpm.toString());
        assertTrue(info.out().matches("(?s).*Name\\s*: probe\\b.*") && info.out().matches(
                "(?s).*Architecture\\s*: x86_64.*")
                && info.out().matches("(?s).*License\\s*: Apache-2.0.*"), info.out());
        Packages.Result modes = Packages.run("rpm", "-qlvp", rpm.toString());
        assertTrue(modes.out().lines().anyMatch(l -> l.startsWith("-rwxr-xr-x") && l.endsWith(" /opt/probe/bin/probe")),
                modes.out());
        assertTrue(modes.out().lines().anyMatch(l -> l.startsWith("-rwxr-xr-x") && l.endsWith(
                " /opt/probe/runtime/bin/java")),
                modes.out());

        Path root = dir.resolve("root");
        Packages.Result install = Packages.run("rpm", "-i", "--root", root.toString(), "--nodeps", "--noscripts",
                "--nosignature",
                "--ignorearch", rpm.toString());
        assertEquals(0, install.code(), install.out());
        Packages.Result version = Packages.run(root.resolve("opt/probe/bin/probe").toString(), "--version");
        assertEquals(0, version.code(), version.out());
        assertTrue(version.out().contains("probe"), version.out());
        assertTrue(Files.isSymbolicLink(root.resolve("usr/bin/probe")));
    }
}
