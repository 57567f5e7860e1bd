package dev.probe.core.testing;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * Runs code with the calling thread inside a named network namespace (setns(2) through JNA), then moves it back.
 * Sockets keep the namespace they were created in, so a server bound or a client connected inside stays there
 * while the event loops run elsewhere.
 */
public final class InNamespace {
    private static final int O_RDONLY = 0;
    private static final int CLONE_NEWNET = 0x40000000;

    /** The libc calls used here. */
    public interface LibC extends Library {
        int open(String path, int flags);

        int setns(int fd, int nstype);

        int close(int fd);
    }

    private static final LibC LIBC = Native.load("c", LibC.class);

    private InNamespace() {
    }

    /**
     * True when this process can create namespaces and TUN devices (Linux, root with CAP_NET_ADMIN, /dev/net/tun,
     * iproute2): tried for real in a throwaway namespace.
     */
    public static boolean labAvailable() {
        if (!"root".equals(System.getProperty("user.name")) || !Files.exists(Path.of("/dev/net/tun"))) {
            return false;
        }
        String ns = "probe-cap-" + ProcessHandle.current().pid();
        try {
            return sh("ip", "netns", "add", ns) && sh("ip", "-n", ns, "tuntap", "add", "dev", "cap0", "mode", "tun");
        } finally {
            sh("ip", "netns", "del", ns);
        }
    }

    private static boolean sh(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public static <T> T call(String namespace, Callable<T> body) throws Exception {
        int self = LIBC.open("/proc/thread-self/ns/net", O_RDONLY);
        int target = LIBC.open("/var/run/netns/" + namespace, O_RDONLY);
        if (self < 0 || target < 0) {
            throw new IllegalStateException("cannot open the namespaces (" + namespace + ")");
        }
        try {
            if (LIBC.setns(target, CLONE_NEWNET) != 0) {
                throw new IllegalStateException("setns into " + namespace + " failed");
            }
            try {
                return body.call();
            } finally {
                if (LIBC.setns(self, CLONE_NEWNET) != 0) {
                    throw new IllegalStateException("setns back failed");
                }
            }
        } finally {
            LIBC.close(self);
            LIBC.close(target);
        }
    }
}
