package dev.probe.core.objstore.endpoint;

import io.netty.handler.codec.http.HttpResponseStatus;

/** An OCI Object Storage error: HTTP status plus the JSON {@code code} and {@code message} the SDK expects. */
public final class OciError extends RuntimeException {
    private final HttpResponseStatus status;
    private final String code;

    public OciError(HttpResponseStatus status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    public HttpResponseStatus status() {
        return status;
    }

    public String code() {
        return code;
    }

    static OciError badRequest(String message) {
        return new OciError(HttpResponseStatus.BAD_REQUEST, "InvalidParameter", message);
    }

    static OciError notFound(String code, String message) {
        return new OciError(HttpResponseStatus.NOT_FOUND, code, message);
    }
}
