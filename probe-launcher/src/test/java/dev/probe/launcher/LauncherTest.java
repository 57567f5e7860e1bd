package dev.probe.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class LauncherTest {
    @Test
    void classFileLoadsOnJava8() throws IOException {
        try (InputStream in = Launcher.class.getResourceAsStream("Launcher.class")) {
            DataInputStream data = new DataInputStream(in);
            assertEquals(0xCAFEBABE, data.readInt(), "class file magic");
            data.readUnsignedShort();
            assertEquals(52, data.readUnsignedShort(), "major version 52 = Java 8");
        }
    }

    @Test
    void olderJavaIsRefused() {
        assertFalse(Launcher.canRun("1.8.0_402"));
        assertFalse(Launcher.canRun("11.0.22"));
        assertFalse(Launcher.canRun("1.7.0_80"));
        assertFalse(Launcher.canRun("16"));
        assertFalse(Launcher.canRun(""));
        assertFalse(Launcher.canRun("garbage"));
    }

    @Test
    void java17AndLaterRun() {
        assertTrue(Launcher.canRun("17.0.15"));
        assertTrue(Launcher.canRun("21"));
        assertTrue(Launcher.canRun("21-ea"));
        assertTrue(Launcher.canRun("25.0.1"));
        assertEquals(17, Launcher.feature("17"));
        assertEquals(8, Launcher.feature("1.8.0_402"));
        assertEquals(11, Launcher.feature("11.0.22"));
    }

    @Test
    void theOneLineNamesTheJavaAndTheBundle() {
        String line = Launcher.message("1.8.0_402", "0.1.0", "amd64");
        assertEquals("probe needs Java 17 or later; this is Java 1.8.0_402. Use the self-contained bundle: "
                + "bin/probe from probe-0.1.0-linux-x86_64.tar.gz", line);
        assertFalse(line.contains("\n"));
        assertTrue(Launcher.message("11.0.22", "0.1.0", "aarch64").endsWith("probe-0.1.0-linux-aarch64.tar.gz"));
    }
}
