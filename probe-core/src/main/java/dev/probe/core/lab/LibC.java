package dev.probe.core.lab;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls the userspace link needs, bound by JNA direct mapping (no per-call reflection): open, ioctl,
 * fcntl, read, write, poll, close, setpriority. Buffers are native addresses; errors come back as
 * {@link LastErrorException} carrying errno, except on the per-packet calls (read, write, poll), which return -1 and
 * leave errno in {@link Native#getLastError()}.
 */
final class LibC {
    static final int O_RDWR = 2;
    static final int O_NONBLOCK = 0x800;
    static final int F_SETFL = 4;
    static final int POLLIN = 1;
    static final int EAGAIN = 11;
    static final int EINTR = 4;
    static final int PRIO_PROCESS = 0;
    /**
     * The forwarder threads' nice value: netem runs in the kernel's softirq, ahead of every process, so a busy host
     * delays the ends but not the link; at nice -10 a forwarder thread weighs about nine nice-0 threads.
     */
    static final int FORWARDER_NICE = -10;
    private static final Throwable LOAD_ERROR = register();

    private LibC() {
    }

    private static Throwable register() {
        if (!Platform.isLinux()) {
            return new UnsupportedOperationException("the userspace link needs Linux (TUN devices); this is "
                    + System.getProperty("os.name"));
        }
        try {
            Native.register(LibC.class, NativeLibrary.getInstance("c"));
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** Throws a one-line reason when libc could not be bound (not Linux, no JNA native part). */
    static void requireLoaded() {
        if (LOAD_ERROR != null) {
            throw new LabException(LOAD_ERROR instanceof UnsupportedOperationException ? LOAD_ERROR.getMessage()
                    : "cannot bind libc through JNA: " + LOAD_ERROR);
        }
    }

    static native int open(String path, int flags) throws LastErrorException;

    static native int ioctl(int fd, long request, Pointer arg) throws LastErrorException;

    static native int fcntl(int fd, int cmd, int arg) throws LastErrorException;

    /**
     * read(2), -1 with {@link Native#getLastError()} on failure: the forwarder's reader meets EAGAIN once per burst,
     * and a {@link LastErrorException} there (its stack trace filled in) was 8.6 % of a busy forwarder's
     * sampled CPU.
     */
    static native long read(int fd, long buf, long count);

    /** write(2), -1 on failure (the caller counts the packet as not delivered). */
    static native long write(int fd, long buf, long count);

    /** poll(2), -1 on failure (EINTR: the caller loops). */
    static native int poll(Pointer fds, long nfds, int timeoutMs);

    static native int close(int fd) throws LastErrorException;

    static native int setpriority(int which, int who, int prio) throws LastErrorException;

    /**
     * {@code loop} run at {@link #FORWARDER_NICE} (Linux keeps the nice value per thread, so it is set by the thread
     * that runs the loop), its session's autogroup too where the forwarder leads one ({@link Autogroup}); where that
     * is not allowed (no CAP_SYS_NICE) the link forwards at the ends' weight.
     */
    static Runnable atForwarderNice(Runnable loop) {
        return () -> {
            Autogroup.raiseOnce(FORWARDER_NICE);
            try {
                setpriority(PRIO_PROCESS, 0, FORWARDER_NICE);
            } catch (LastErrorException e) {
                // forwards all the same, at nice 0
            }
            loop.run();
        };
    }
}
