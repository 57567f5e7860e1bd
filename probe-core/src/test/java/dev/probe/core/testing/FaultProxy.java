package dev.probe.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1:0 for fault tests: forwards every connection to a target and, for the n-th accepted
 * connection (0-based), can cut it after some bytes, flip one byte, or throttle it, in one direction.
 */
public final class FaultProxy implements AutoCloseable {
    /** What to do to one connection's bytes in one direction. */
    public record Fault(int connection, boolean towardsServer, long cutAfter, long flipAt, long bytesPerSecond) {
        public static Fault cut(int connection, boolean towardsServer, long after) {
            return new Fault(connection, towardsServer, after, -1, 0);
        }

        public static Fault flip(int connection, boolean towardsServer, long at) {
            return new Fault(connection, towardsServer, -1, at, 0);
        }

        public static Fault throttle(int connection, boolean towardsServer, long bytesPerSecond) {
            return new Fault(connection, towardsServer, -1, -1, bytesPerSecond);
        }
    }

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Fault> faults;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public FaultProxy(int targetPort, Fault... faults) throws IOException {
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.target = new InetSocketAddress("127.0.0.1", targetPort);
        this.faults = List.of(faults);
        Thread t = new Thread(this::acceptLoop, "fault-proxy");
        t.setDaemon(true);
        t.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket client = listener.accept();
                int n = accepted.getAndIncrement();
                Socket server = new Socket();
                server.connect(target, 5000);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                AtomicInteger open = new AtomicInteger(2);
                pipe(client, server, fault(n, true), "c2s-" + n, open);
                pipe(server, client, fault(n, false), "s2c-" + n, open);
            }
        } catch (IOException e) {
            // closed
        }
    }

    private Fault fault(int connection, boolean towardsServer) {
        return faults.stream().filter(f -> f.connection() == connection && f.towardsServer() == towardsServer)
                .findFirst().orElse(null);
    }

    /**
     * Copies {@code from} to {@code to}. An end of stream is passed on as a half-close (FIN), as a router would, so
     * the other direction keeps flowing: closing both sockets at once would reset a peer that is still sending and
     * could cost it the last bytes it was sent (a server's ERROR frame). The sockets close when both directions
     * ended ({@code open} counts them down), or at once on an error or a cut.
     */
    private void pipe(Socket from, Socket to, Fault fault, String name, AtomicInteger open) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[64 * 1024];
            long total = 0;
            long start = System.nanoTime();
            boolean clean = false;
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                for (int n; (n = in.read(buf)) > 0;) {
                    if (fault != null && fault.cutAfter() >= 0 && total + n > fault.cutAfter()) {
                        out.write(buf, 0, (int) (fault.cutAfter() - total));
                        out.flush();
                        from.setSoLinger(true, 0);
                        to.setSoLinger(true, 0);
                        from.close();
                        to.close();
                        open.set(0);
                        return;
                    }
                    if (fault != null && fault.flipAt() >= total && fault.flipAt() < total + n) {
                        buf[(int) (fault.flipAt() - total)] ^= 0x5A;
                    }
                    out.write(buf, 0, n);
                    total += n;
                    if (fault != null && fault.bytesPerSecond() > 0) {
                        long due = start + (long) (total * 1e9 / fault.bytesPerSecond());
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        }
                    }
                }
                out.flush();
                to.shutdownOutput();
                clean = true;
            } catch (IOException | InterruptedException e) {
                // either side closed
            } finally {
                if (!clean || open.decrementAndGet() <= 0) {
                    close(from);
                    close(to);
                }
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(FaultProxy::close);
    }
}
