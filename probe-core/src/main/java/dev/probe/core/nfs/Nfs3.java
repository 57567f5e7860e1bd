package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;

/**
 * The NFSv3 side procedures a client needs before any I/O, as dNFS makes them: the portmapper's GETPORT (where
 * mountd and nfsd listen), MOUNT's MNT (an export's root file handle) and NFS's FSINFO (the largest and preferred
 * transfer sizes Oracle checks: rtmax and wtmax of at least 32,768), each reply read with every length bounded.
 */
public final class Nfs3 {
    public static final int PORTMAP = 100_000;
    public static final int MOUNT = 100_005;
    public static final int NFS = 100_003;
    /** NFSv3 file handles are at most 64 bytes (RFC 1813). */
    static final int MAX_HANDLE = 64;
    /** A path the MOUNT protocol carries is at most 1024 bytes. */
    static final int MAX_PATH = 1024;
    private static final int MAX_FLAVORS = 16;
    private static final int FATTR3 = 84;

    /**
     * What FSINFO says of a file system.
     *
     * @param rtmax       the largest READ the server takes
     * @param rtpref      its preferred READ size
     * @param wtmax       the largest WRITE it takes
     * @param wtpref      its preferred WRITE size
     * @param maxFileSize the largest file it holds
     * @param properties  FSF3_LINK, FSF3_SYMLINK, FSF3_HOMOGENEOUS, FSF3_CANSETTIME bits
     */
    public record FsInfo(long rtmax, long rtpref, long wtmax, long wtpref, long maxFileSize, int properties) {
        /** The largest READ or WRITE probe sends under these limits: the smaller of rtmax and wtmax, at most 1 MiB. */
        public int maxTransfer() {
            return (int) Math.min(1 << 20, Math.min(rtmax, wtmax));
        }
    }

    private Nfs3() {
    }

    /** The TCP port {@code program} version {@code version} is registered at (0: not registered). */
    public static CompletableFuture<Integer> port(RpcConnection portmapper, int program, int version) {
        return portmapper.call(PORTMAP, 2, 3, b -> {
            Xdr.putInt(b, program);
            Xdr.putInt(b, version);
            Xdr.putInt(b, 6);
            Xdr.putInt(b, 0);
        }).thenApply(r -> read(r, x -> {
            long port = Xdr.getUnsignedInt(x);
            if (port > 65535) {
                throw new RpcException("the portmapper answered port " + port + " for program " + program
                        + ", outside 0-65535");
            }
            return (int) port;
        }));
    }

    /** MOUNT v3 MNT of {@code export}: the export's root file handle, or why the server refused it. */
    public static CompletableFuture<byte[]> mount(RpcConnection mountd, String export) {
        return mountd.call(MOUNT, 3, 1, b -> Xdr.putString(b, export)).thenApply(r -> read(r, x -> {
            int status = Xdr.getInt(x);
            if (status != 0) {
                throw new RpcException("the server refused to mount " + export + ": " + mountStatus(status));
            }
            byte[] handle = Xdr.getOpaque(x, MAX_HANDLE);
            long flavors = Xdr.getUnsignedInt(x);
            if (flavors > MAX_FLAVORS) {
                throw new RpcException(flavors + " auth flavours, over the " + MAX_FLAVORS + " allowed");
            }
            x.skipBytes((int) Math.min(x.readableBytes(), 4 * flavors));
            return handle;
        }));
    }

    /** NFS v3 FSINFO of the file system {@code handle} is on. */
    public static CompletableFuture<FsInfo> fsinfo(RpcConnection nfsd, byte[] handle) {
        return nfsd.call(NFS, 3, 19, b -> Xdr.putOpaque(b, handle)).thenApply(r -> read(r, x -> {
            int status = Xdr.getInt(x);
            skipAttributes(x);
            if (status != 0) {
                throw new RpcException("FSINFO failed: NFS3 error " + status);
            }
            long rtmax = Xdr.getUnsignedInt(x);
            long rtpref = Xdr.getUnsignedInt(x);
            Xdr.getUnsignedInt(x); // rtmult
            long wtmax = Xdr.getUnsignedInt(x);
            long wtpref = Xdr.getUnsignedInt(x);
            Xdr.getUnsignedInt(x); // wtmult
            Xdr.getUnsignedInt(x); // dtpref
            long maxFileSize = Xdr.getLong(x);
            Xdr.getLong(x); // time_delta
            return new FsInfo(rtmax, rtpref, wtmax, wtpref, maxFileSize, Xdr.getInt(x));
        }));
    }

    /** A post_op_attr: a flag, then 84 bytes of fattr3 when set. */
    static void skipAttributes(ByteBuf x) {
        if (Xdr.getBoolean(x)) {
            if (x.readableBytes() < FATTR3) {
                throw new RpcException("the reply ends inside a file's attributes");
            }
            x.skipBytes(FATTR3);
        }
    }

    private static String mountStatus(int status) {
        return switch (status) {
            case 1 -> "not owner (MNT3ERR_PERM)";
            case 2 -> "no such export (MNT3ERR_NOENT)";
            case 13 -> "permission denied (MNT3ERR_ACCES)";
            case 20 -> "not a directory (MNT3ERR_NOTDIR)";
            default -> "MOUNT error " + status;
        };
    }

    /** Reads a reply's results. */
    interface Reader<T> {
        T read(ByteBuf b);
    }

    /** {@code reader} on a reply, which is released whatever it does. */
    static <T> T read(ByteBuf record, Reader<T> reader) {
        try {
            return reader.read(record);
        } finally {
            record.release();
        }
    }
}
