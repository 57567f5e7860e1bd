package dev.probe.core.nfs;

/** An ONC RPC message that cannot be what it claims (a bad length, a truncated or malformed reply), or a refusal. */
public class RpcException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RpcException(String message) {
        super(message);
    }
}
