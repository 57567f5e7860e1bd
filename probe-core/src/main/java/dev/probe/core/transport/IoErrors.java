package dev.probe.core.transport;

import dev.probe.core.error.CannotRunException;
import io.netty.channel.unix.Errors;
import java.net.BindException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.regex.Pattern;

/** Plain wording for socket errors: drops Netty's native call prefix ("recvAddress(..) failed: ", 4.2's "bind(..) failed with error(-98): ")
 * and address suffix. */
public final class IoErrors {
    private static final Pattern NATIVE_PREFIX = Pattern.compile(
            "^\\w+\\(\\.\\.\\) failed(?: with error\\(-?\\d+\\))?: ");
    private static final Pattern ADDRESS_SUFFIX = Pattern.compile(": /?[\\w.:\\[\\]-]+:\\d+$");

    private IoErrors() {
    }

    public static String describe(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            // no internal class name in what a user reads: Netty's StacklessClosedChannelException says only this
            return t instanceof ClosedChannelException ? "the peer closed the connection"
                    : "an I/O error with no reason given (--debug shows it)";
        }
        return ADDRESS_SUFFIX.matcher(NATIVE_PREFIX.matcher(m).replaceFirst("")).replaceFirst("");
    }

    /**
     * A listener that could not bind, named: "cannot listen on 0.0.0.0:5555: Address already in use". Runtime
     * exceptions that are not bind failures, and interrupts, pass through unchanged.
     */
    public static Exception cannotListen(Exception e, String address, int port) {
        if (e instanceof BindException || e instanceof Errors.NativeIoException
                || e instanceof SocketException) {
            return new CannotRunException("cannot listen on " + address + ":" + port + ": " + describe(e), e);
        }
        return e;
    }

    /** Rethrows {@code e} as it is, checked or not (Netty's sync() throws checked exceptions undeclared). */
    @SuppressWarnings("unchecked")
    public static <E extends Exception> RuntimeException sneaky(Exception e) throws E {
        throw (E) e;
    }
}
