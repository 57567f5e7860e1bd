package dev.probe.core.objstore.endpoint;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A request path of the OCI Object Storage API, split: {@code /n}, {@code /n/{ns}/b[/{bucket}[/o|u[/{object}]]]}.
 * Object names travel as one path segment ({@code /} encoded as {@code %2F}). Anything else is a 400.
 */
public record ApiPath(Kind kind, String namespace, String bucket, String object, Map<String, List<String>> query) {
    /** Which resource a path names. */
    public enum Kind { NAMESPACE, BUCKETS, BUCKET, OBJECTS, OBJECT, UPLOADS, UPLOAD }

    private static final int MAX_NAME = 1024;

    public static ApiPath parse(String uri) {
        QueryStringDecoder q = new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, 64);
        String raw = q.rawPath();
        Map<String, List<String>> query;
        try {
            query = q.parameters(); // decoded here, so a bad escape is this request's 400, not a 500 later
        } catch (IllegalArgumentException e) {
            throw OciError.badRequest("malformed query string: " + abbreviate(String.valueOf(e.getMessage())));
        }
        String[] s = raw.startsWith("/") ? raw.substring(1).split("/", -1) : new String[0];
        if (s.length == 0 || !s[0].equals("n")) {
            throw OciError.badRequest("unknown path " + abbreviate(raw));
        }
        if (s.length == 1 || s.length == 2 && s[1].isEmpty()) { // GET /n/, as OCI's API reference writes it
            return new ApiPath(Kind.NAMESPACE, null, null, null, query);
        }
        String ns = segment(s[1]);
        if (s.length == 3 && s[2].equals("b")) {
            return new ApiPath(Kind.BUCKETS, ns, null, null, query);
        }
        if (s.length < 4 || !s[2].equals("b")) {
            throw OciError.badRequest("unknown path " + abbreviate(raw));
        }
        String bucket = segment(s[3]);
        if (s.length == 4) {
            return new ApiPath(Kind.BUCKET, ns, bucket, null, query);
        }
        boolean uploads = s[4].equals("u");
        if (!uploads && !s[4].equals("o") || s.length > 6) {
            throw OciError.badRequest("unknown path " + abbreviate(raw));
        }
        if (s.length == 5) {
            return new ApiPath(uploads ? Kind.UPLOADS : Kind.OBJECTS, ns, bucket, null, query);
        }
        return new ApiPath(uploads ? Kind.UPLOAD : Kind.OBJECT, ns, bucket, segment(s[5]), query);
    }

    /** A query parameter, or null. */
    public String param(String name) {
        List<String> v = query.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    private static String segment(String s) {
        String d;
        try {
            d = URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw OciError.badRequest("malformed path segment " + abbreviate(s));
        }
        if (d.isEmpty() || d.length() > MAX_NAME || d.chars().anyMatch(c -> c < 0x20)) {
            throw OciError.badRequest("invalid name " + abbreviate(d));
        }
        return d;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
