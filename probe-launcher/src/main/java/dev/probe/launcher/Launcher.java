package dev.probe.launcher;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Main class of {@code probe.jar}, compiled for Java 8: below Java 17 it prints one line saying what to use
 * instead and exits with 2; otherwise it hands over to {@code dev.probe.cli.Main}.
 */
public final class Launcher {
    /** The Java feature release the rest of probe is compiled for. */
    public static final int REQUIRED = 17;
    /** Exit code for "this Java cannot run probe" (the code picocli uses for usage errors). */
    public static final int EXIT_OLD_JAVA = 2;
    private static final String MAIN = "dev.probe.cli.Main";

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        String running = System.getProperty("java.version", "");
        if (!canRun(running)) {
            System.err.println(message(running, Launcher.class.getPackage().getImplementationVersion(),
                    System.getProperty("os.arch", "")));
            System.exit(EXIT_OLD_JAVA);
        }
        Method main = Class.forName(MAIN).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** True when {@code javaVersion} (the {@code java.version} property) is Java 17 or later. */
    public static boolean canRun(String javaVersion) {
        return feature(javaVersion) >= REQUIRED;
    }

    /**
     * The feature release of a {@code java.version} string: 8 for {@code 1.8.0_402}, 11 for {@code 11.0.22},
     * 21 for {@code 21} or {@code 21-ea}; 0 when the string is not a Java version.
     */
    public static int feature(String javaVersion) {
        String v = javaVersion == null ? "" : javaVersion.trim();
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        if (end == 0 || end > 4) {
            return 0;
        }
        return Integer.parseInt(v.substring(0, end));
    }

    /** The one line printed on a Java older than 17; {@code osArch} picks the bundle's name. */
    public static String message(String javaVersion, String probeVersion, String osArch) {
        String arch = "amd64".equals(osArch) || osArch.isEmpty() ? "x86_64" : osArch;
        String bundle = "probe-" + (probeVersion == null ? "VERSION" : probeVersion) + "-linux-" + arch + ".tar.gz";
        return "probe needs Java " + REQUIRED + " or later; this is Java " + javaVersion
                + ". Use the self-contained bundle: bin/probe from " + bundle;
    }
}
