package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * XDR (RFC 4506) on a Netty buffer, as ONC RPC and NFSv3 write it: big-endian 4-byte units, variable-length opaque
 * data and strings as a length then the bytes padded to 4. Every length read is checked against the caller's bound
 * and against what the buffer holds before a byte is copied, so a peer's length never sizes an allocation.
 */
public final class Xdr {
    private Xdr() {
    }

    public static void putInt(ByteBuf b, int v) {
        b.writeInt(v);
    }

    public static void putLong(ByteBuf b, long v) {
        b.writeLong(v);
    }

    public static void putBoolean(ByteBuf b, boolean v) {
        b.writeInt(v ? 1 : 0);
    }

    /** Variable-length opaque data: its length, the bytes, zeros to the next 4-byte boundary. */
    public static void putOpaque(ByteBuf b, byte[] data) {
        b.writeInt(data.length);
        b.writeBytes(data);
        b.writeZero(pad(data.length));
    }

    public static void putString(ByteBuf b, String s) {
        putOpaque(b, s.getBytes(StandardCharsets.UTF_8));
    }

    public static int getInt(ByteBuf b) {
        need(b, 4, "an int");
        return b.readInt();
    }

    /** An unsigned 32-bit value. */
    public static long getUnsignedInt(ByteBuf b) {
        return getInt(b) & 0xFFFF_FFFFL;
    }

    public static long getLong(ByteBuf b) {
        need(b, 8, "a hyper");
        return b.readLong();
    }

    public static boolean getBoolean(ByteBuf b) {
        int v = getInt(b);
        if (v != 0 && v != 1) {
            throw new RpcException("a boolean of " + v);
        }
        return v == 1;
    }

    /** Variable-length opaque data of at most {@code max} bytes. */
    public static byte[] getOpaque(ByteBuf b, int max) {
        long n = getUnsignedInt(b);
        if (n > max) {
            throw new RpcException("opaque data of " + n + " bytes, over the " + max + " allowed");
        }
        need(b, n + pad(n), n + " bytes of opaque data");
        byte[] out = new byte[(int) n];
        b.readBytes(out);
        b.skipBytes(pad(n));
        return out;
    }

    /** Skips variable-length opaque data of at most {@code max} bytes (a READ's data counted, not copied). */
    public static long skipOpaque(ByteBuf b, long max) {
        long n = getUnsignedInt(b);
        if (n > max) {
            throw new RpcException("opaque data of " + n + " bytes, over the " + max + " allowed");
        }
        need(b, n + pad(n), n + " bytes of opaque data");
        b.skipBytes((int) (n + pad(n)));
        return n;
    }

    public static String getString(ByteBuf b, int max) {
        return new String(getOpaque(b, max), StandardCharsets.UTF_8);
    }

    /** Zeros after {@code n} bytes to the next 4-byte boundary. */
    static int pad(long n) {
        return (int) ((4 - (n & 3)) & 3);
    }

    private static void need(ByteBuf b, long n, String what) {
        if (b.readableBytes() < n) {
            throw new RpcException("the message ends before " + what + " (" + b.readableBytes() + " bytes left)");
        }
    }
}
