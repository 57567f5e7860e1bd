package dev.probe.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1:0 that writes what passes in one direction, over all its connections, to a file, up
 * to {@code limit} bytes (it keeps forwarding after): what a WAN optimiser between two sites would see.
 */
public final class RecordingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final boolean towardsServer;
    private final OutputStream capture;
    private final long limit;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private long recorded;

    /** Records the bytes towards the server ({@code towardsServer}) or towards the client into {@code file}. */
    public RecordingProxy(int targetPort, boolean towardsServer, Path file, long limit) throws IOException {
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.target = new InetSocketAddress("127.0.0.1", targetPort);
        this.towardsServer = towardsServer;
        this.capture = Files.newOutputStream(file);
        this.limit = limit;
        Thread t = new Thread(this::acceptLoop, "recording-proxy");
        t.setDaemon(true);
        t.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Bytes written to the file so far. */
    public synchronized long recorded() {
        return recorded;
    }

    /** The source address of each connection the proxy accepted, in order. */
    public synchronized List<InetAddress> clients() {
        return List.copyOf(clients);
    }

    private final List<InetAddress> clients = new ArrayList<>();

    private void acceptLoop() {
        try {
            while (true) {
                Socket client = listener.accept();
                synchronized (this) {
                    clients.add(client.getInetAddress());
                }
                Socket server = new Socket();
                server.connect(target, 5000);
                sockets.add(client);
                sockets.add(server);
                pump(client, server, towardsServer);
                pump(server, client, !towardsServer);
            }
        } catch (IOException closed) {
            // the proxy was closed
        }
    }

    private void pump(Socket from, Socket to, boolean record) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[256 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) > 0;) {
                    if (record) {
                        record(buf, n);
                    }
                    out.write(buf, 0, n);
                }
                to.shutdownOutput();
            } catch (IOException e) {
                close(from);
                close(to);
            }
        }, "recording-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private synchronized void record(byte[] buf, int n) throws IOException {
        int keep = (int) Math.min(n, limit - recorded);
        if (keep > 0) {
            capture.write(buf, 0, keep);
            recorded += keep;
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public synchronized void close() throws IOException {
        listener.close();
        sockets.forEach(RecordingProxy::close);
        capture.close();
    }
}
