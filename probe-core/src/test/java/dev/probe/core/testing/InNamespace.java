package dev.probe.core.testing;

import com.sun.jna.Library;
import com.sun.jna.Native;
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
