import java.security.MessageDigest;
import java.util.Random;

/** The MD5 floor on this machine: one core's MessageDigest over 1 GiB, as the endpoint feeds it (64 KiB arrays). */
public class Md5Floor {
    public static void main(String[] args) throws Exception {
        byte[] buf = new byte[64 * 1024];
        new Random(1).nextBytes(buf);
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        for (int i = 0; i < 4096; i++) {
            md5.update(buf);
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < 16384; i++) {
            md5.update(buf);
        }
        md5.digest();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(java.util.Locale.ROOT, "%.3f%n", s);
    }
}
