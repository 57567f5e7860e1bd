package dev.probe.core.transport;

import java.util.regex.Pattern;

/** Plain wording for socket errors: drops Netty's native call prefix ("recvAddress(..) failed: ") and address suffix. */
public final class IoErrors {
    private static final Pattern NATIVE_PREFIX = Pattern.compile("^\\w+\\(\\.\\.\\) failed: ");
    private static final Pattern ADDRESS_SUFFIX = Pattern.compile(": /?[\\w.:\\[\\]-]+:\\d+$");

    private IoErrors() {
    }

    public static String describe(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return ADDRESS_SUFFIX.matcher(NATIVE_PREFIX.matcher(m).replaceFirst("")).replaceFirst("");
    }
}
