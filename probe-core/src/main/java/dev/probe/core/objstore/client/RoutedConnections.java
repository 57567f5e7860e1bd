package dev.probe.core.objstore.client;

import com.oracle.bmc.http.ClientConfigurator;
import com.oracle.bmc.http.client.jersey3.ApacheClientProperties;
import dev.probe.core.client.Egress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.apache.http.HttpHost;
import org.apache.http.config.RegistryBuilder;
import org.apache.http.conn.socket.ConnectionSocketFactory;
import org.apache.http.conn.socket.PlainConnectionSocketFactory;
import org.apache.http.conn.ssl.SSLConnectionSocketFactory;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.apache.http.protocol.HttpContext;

/**
 * The OCI SDK's HTTP connections leaving as a {@link Egress} says ({@code objstore --bind/--dscp}): the SDK's
 * Apache connector is given a connection manager whose sockets are bound to the source address and carry the
 * DSCP, for plain and TLS endpoints alike (TLS from the JDK's default context, as the SDK's own).
 */
final class RoutedConnections {
    /** One channel's client keeps one connection busy; a few more for listing and deleting. */
    private static final int CONNECTIONS = 16;

    private RoutedConnections() {
    }

    /** A configurator for {@code route}, or null for the OS's choice (the SDK's own connection manager then). */
    static ClientConfigurator of(Egress route) {
        if (route == null || (route.bind() == null && route.dscp() < 0)) {
            return null;
        }
        return builder -> {
            PoolingHttpClientConnectionManager m = new PoolingHttpClientConnectionManager(
                    RegistryBuilder.<ConnectionSocketFactory> create()
                            .register("http", new Routed(PlainConnectionSocketFactory.getSocketFactory(), route))
                            .register("https", new Routed(SSLConnectionSocketFactory.getSystemSocketFactory(), route))
                            .build());
            m.setMaxTotal(CONNECTIONS);
            m.setDefaultMaxPerRoute(CONNECTIONS);
            builder.property(ApacheClientProperties.CONNECTION_MANAGER, m);
        };
    }

    /** A socket factory whose sockets carry the route's DSCP and leave from its address. */
    record Routed(ConnectionSocketFactory inner, Egress route) implements ConnectionSocketFactory {
        @Override
        public Socket createSocket(HttpContext context) throws IOException {
            Socket s = inner.createSocket(context);
            if (route.tos() >= 0) {
                s.setTrafficClass(route.tos());
            }
            return s;
        }

        @Override
        public Socket connectSocket(int connectTimeout, Socket socket, HttpHost host, InetSocketAddress remote,
                                    InetSocketAddress local, HttpContext context) throws IOException {
            InetSocketAddress from = local != null || route.bind() == null ? local
                    : new InetSocketAddress(route.bind(), 0);
            return inner.connectSocket(connectTimeout, socket, host, remote, from, context);
        }
    }
}
