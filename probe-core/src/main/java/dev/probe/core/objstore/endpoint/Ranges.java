package dev.probe.core.objstore.endpoint;

import io.netty.handler.codec.http.HttpResponseStatus;

/** HTTP single byte ranges: {@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}. */
final class Ranges {
    private Ranges() {
    }

    /** {first, last} (inclusive) for {@code header} over {@code size} bytes, or null for the whole object. */
    static long[] parse(String header, long size) {
        if (header == null) {
            return null;
        }
        String h = header.trim();
        if (!h.startsWith("bytes=") || h.contains(",")) {
            throw invalid(header, size);
        }
        String spec = h.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            throw invalid(header, size);
        }
        try {
            String a = spec.substring(0, dash).trim();
            String b = spec.substring(dash + 1).trim();
            long first;
            long last;
            if (a.isEmpty()) {
                long n = Long.parseLong(b);
                first = Math.max(0, size - n);
                last = size - 1;
            } else {
                first = Long.parseLong(a);
                last = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
            }
            if (first < 0 || first > last || first >= size) {
                throw invalid(header, size);
            }
            return new long[] {first, last};
        } catch (NumberFormatException e) {
            throw invalid(header, size);
        }
    }

    private static OciError invalid(String header, long size) {
        return new OciError(HttpResponseStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "InvalidRange", "Range " + header
                + " is not satisfiable for " + size + " bytes");
    }
}
