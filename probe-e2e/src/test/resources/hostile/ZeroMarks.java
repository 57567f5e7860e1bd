import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A hostile portmapper for HostileNfsIT (issue 57): on port 111, answers every connection with ONC RPC record marks
 * of empty, not-last fragments (00 00 00 00), as fast as the peer takes them, for {@code args[0]} seconds, or until
 * 5 s after a client went away (the probe meets it once; ending by itself frees the test from stopping it).
 */
public class ZeroMarks {
    public static void main(String[] args) throws Exception {
        long until = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        byte[] marks = new byte[1 << 16];
        try (ServerSocket s = new ServerSocket(111)) {
            System.out.println("listening");
            System.out.flush();
            s.setSoTimeout(1000);
            while (System.nanoTime() < until) {
                Socket c;
                try {
                    c = s.accept();
                } catch (java.net.SocketTimeoutException none) {
                    continue;
                }
                try (c; OutputStream out = c.getOutputStream()) {
                    c.setSoTimeout(1000);
                    while (System.nanoTime() < until) {
                        out.write(marks);
                    }
                } catch (java.io.IOException closed) {
                    // the client refused the stream and closed: wait 5 s for another
                    until = Math.min(until, System.nanoTime() + 5_000_000_000L);
                }
            }
        }
    }
}
