package dev.probe.core.nfs;

/** An RPC call lost with its connection (closed, reset, unreachable, timed out): a path fault, not the server's answer. */
public final class ConnectionLostException extends RpcException {
    private static final long serialVersionUID = 1L;

    public ConnectionLostException(String message) {
        super(message);
    }
}
