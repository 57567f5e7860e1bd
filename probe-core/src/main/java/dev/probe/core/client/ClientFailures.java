package dev.probe.core.client;

import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ProtocolException;
import dev.probe.core.transport.IoErrors;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import java.io.IOException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * A client connection's failure in words a user can act on: TLS mismatch, TLS handshake, protocol, or a lost
 * connection.
 */
final class ClientFailures {
    private ClientFailures() {
    }

    static ProbeException describe(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof ProbeException) {
                return (ProbeException) t;
            }
            if (t instanceof NotSslRecordException) {
                return new ProbeException(ProbeException.Kind.PROTOCOL,
                        "the server does not speak TLS (is it started without --tls?)");
            }
            if (t instanceof SSLException) {
                CertificateException untrusted = certificateCause(t);
                return new ProbeException(ProbeException.Kind.PROTOCOL, "TLS handshake failed: " + (untrusted == null
                        ? t.getMessage() : "the server's certificate is not trusted (" + untrusted.getMessage()
                                + "; check --trust-fingerprint)"));
            }
            if (t instanceof ProtocolException || t instanceof BadParameterException) {
                return new ProbeException(ProbeException.Kind.PROTOCOL, "bad reply from server: " + t.getMessage());
            }
        }
        if (cause instanceof DecoderException) {
            return new ProbeException(ProbeException.Kind.PROTOCOL, "bad reply from server: " + cause.getMessage());
        }
        String why = cause instanceof IOException ? IoErrors.describe(cause) : cause.getMessage() != null
                ? cause.getMessage() : "an internal error with no reason given (--debug shows it)";
        return new ProbeException(ProbeException.Kind.LOST, "connection to server lost: " + why);
    }

    /** The certificate check under a TLS failure (OpenSSL reports only "General OpenSslEngine problem"), or null. */
    private static CertificateException certificateCause(Throwable ssl) {
        for (Throwable t = ssl; t != null; t = t.getCause()) {
            if (t instanceof CertificateException c) {
                return c;
            }
        }
        return null;
    }
}
