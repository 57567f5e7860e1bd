package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;

/**
 * NFSv3 file procedures (RFC 1813) as a database's I/O uses them: LOOKUP and CREATE a file in a directory, WRITE
 * (unstable, data-sync or file-sync), COMMIT, READ and REMOVE. Every reply is read with its lengths bounded: a READ's
 * data by the count asked, a handle by 64 bytes.
 */
public final class Nfs3Files {
    private static final int LOOKUP = 3;
    private static final int READ = 6;
    private static final int WRITE = 7;
    private static final int CREATE = 8;
    private static final int REMOVE = 12;
    private static final int COMMIT = 21;
    private static final int WCC_ATTR = 24;

    /** How a WRITE is to be made stable before its reply (RFC 1813's stable_how). */
    public enum Stable {
        UNSTABLE, DATA_SYNC, FILE_SYNC
    }

    /**
     * A WRITE's reply.
     *
     * @param count     bytes the server took
     * @param committed how stable it made them
     * @param verifier  the server's write verifier (changes when it restarts: unstable data must be written again)
     */
    public record Written(long count, Stable committed, long verifier) {
    }

    /**
     * A READ's reply: the bytes are handed to {@code sink} before the reply is released.
     *
     * @param count bytes returned
     * @param eof   whether they reach the end of the file
     */
    public record Read(long count, boolean eof) {
    }

    /** Where a READ's data goes: copied, verified or counted; called before the reply's buffer is released. */
    public interface Sink {
        void accept(ByteBuf data);
    }

    private Nfs3Files() {
    }

    /** The handle of {@code name} in directory {@code dir}. */
    public static CompletableFuture<byte[]> lookup(RpcConnection nfsd, byte[] dir, String name) {
        return nfsd.call(Nfs3.NFS, 3, LOOKUP, b -> dirop(b, dir, name)).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "LOOKUP " + name, () -> Nfs3.skipAttributes(x));
            byte[] handle = Xdr.getOpaque(x, Nfs3.MAX_HANDLE);
            Nfs3.skipAttributes(x);
            Nfs3.skipAttributes(x);
            return handle;
        }));
    }

    /** Creates (or truncates: UNCHECKED) {@code name} in {@code dir} with mode 0640; its handle. */
    public static CompletableFuture<byte[]> create(RpcConnection nfsd, byte[] dir, String name) {
        return nfsd.call(Nfs3.NFS, 3, CREATE, b -> {
            dirop(b, dir, name);
            Xdr.putInt(b, 0); // UNCHECKED
            Xdr.putBoolean(b, true); // mode
            Xdr.putInt(b, 0640);
            Xdr.putBoolean(b, false); // uid
            Xdr.putBoolean(b, false); // gid
            Xdr.putBoolean(b, true); // size 0
            Xdr.putLong(b, 0);
            Xdr.putInt(b, 0); // atime: don't change
            Xdr.putInt(b, 0); // mtime: don't change
        }).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "CREATE " + name, () -> skipWcc(x));
            if (!Xdr.getBoolean(x)) {
                throw new RpcException("CREATE " + name + " returned no handle");
            }
            return Xdr.getOpaque(x, Nfs3.MAX_HANDLE);
        }));
    }

    /** Writes {@code data} (its readable bytes, not consumed) at {@code offset}; the buffer is not released. */
    public static CompletableFuture<Written> write(RpcConnection nfsd, byte[] file, long offset, ByteBuf data,
                                                   Stable stable) {
        int n = data.readableBytes();
        return nfsd.call(Nfs3.NFS, 3, WRITE, b -> {
            Xdr.putOpaque(b, file);
            Xdr.putLong(b, offset);
            Xdr.putInt(b, n);
            Xdr.putInt(b, stable.ordinal());
            Xdr.putInt(b, n);
            b.writeBytes(data, data.readerIndex(), n);
            b.writeZero(Xdr.pad(n));
        }).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "WRITE", () -> skipWcc(x));
            skipWcc(x);
            long count = Xdr.getUnsignedInt(x);
            int committed = Xdr.getInt(x);
            if (committed < 0 || committed > 2 || count > n) {
                throw new RpcException("a WRITE reply of " + count + " bytes, stable " + committed);
            }
            return new Written(count, Stable.values()[committed], Xdr.getLong(x));
        }));
    }

    /** Makes everything written so far stable; the server's write verifier. */
    public static CompletableFuture<Long> commit(RpcConnection nfsd, byte[] file) {
        return nfsd.call(Nfs3.NFS, 3, COMMIT, b -> {
            Xdr.putOpaque(b, file);
            Xdr.putLong(b, 0);
            Xdr.putInt(b, 0);
        }).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "COMMIT", () -> skipWcc(x));
            skipWcc(x);
            return Xdr.getLong(x);
        }));
    }

    /** Reads up to {@code count} bytes at {@code offset}, handing them to {@code sink}. */
    public static CompletableFuture<Read> read(RpcConnection nfsd, byte[] file, long offset, int count, Sink sink) {
        return nfsd.call(Nfs3.NFS, 3, READ, b -> {
            Xdr.putOpaque(b, file);
            Xdr.putLong(b, offset);
            Xdr.putInt(b, count);
        }).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "READ", () -> Nfs3.skipAttributes(x));
            Nfs3.skipAttributes(x);
            long n = Xdr.getUnsignedInt(x);
            boolean eof = Xdr.getBoolean(x);
            long length = Xdr.getUnsignedInt(x);
            if (n > count || length != n || x.readableBytes() < length) {
                throw new RpcException("a READ reply of " + length + " bytes for " + count + " asked");
            }
            sink.accept(x.readSlice((int) length));
            return new Read(n, eof);
        }));
    }

    /** Removes {@code name} from {@code dir}. */
    public static CompletableFuture<Void> remove(RpcConnection nfsd, byte[] dir, String name) {
        return nfsd.call(Nfs3.NFS, 3, REMOVE, b -> dirop(b, dir, name)).thenApply(r -> Nfs3.read(r, x -> {
            check(x, "REMOVE " + name, () -> skipWcc(x));
            return null;
        }));
    }

    private static void dirop(ByteBuf b, byte[] dir, String name) {
        Xdr.putOpaque(b, dir);
        Xdr.putString(b, name);
    }

    /** The status first: a failure skips what it carries ({@code onFailure}) and is thrown in words. */
    private static void check(ByteBuf x, String what, Runnable onFailure) {
        int status = Xdr.getInt(x);
        if (status != 0) {
            onFailure.run();
            throw new RpcException(what + " failed: " + status(status));
        }
    }

    static String status(int s) {
        return switch (s) {
            case 1 -> "not owner (NFS3ERR_PERM)";
            case 2 -> "no such file (NFS3ERR_NOENT)";
            case 5 -> "I/O error (NFS3ERR_IO)";
            case 13 -> "permission denied (NFS3ERR_ACCES)";
            case 28 -> "no space left (NFS3ERR_NOSPC)";
            case 30 -> "read-only file system (NFS3ERR_ROFS)";
            case 70 -> "stale file handle (NFS3ERR_STALE)";
            default -> "NFS3 error " + s;
        };
    }

    private static void skipWcc(ByteBuf x) {
        if (Xdr.getBoolean(x)) {
            skip(x, WCC_ATTR);
        }
        Nfs3.skipAttributes(x);
    }

    private static void skip(ByteBuf x, int n) {
        if (x.readableBytes() < n) {
            throw new RpcException("the reply ends inside a file's attributes");
        }
        x.skipBytes(n);
    }
}
