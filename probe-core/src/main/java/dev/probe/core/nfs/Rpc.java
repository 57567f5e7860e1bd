package dev.probe.core.nfs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.function.Consumer;

/**
 * ONC RPC version 2 messages (RFC 5531) as a client writes and reads them: a call, record-marked as one fragment, with
 * AUTH_SYS or AUTH_NONE credentials; a reply checked field by field, its results left in the buffer for the program's
 * own decoder, and every refusal named (a version the server lacks, a procedure it does not have, bad credentials).
 */
public final class Rpc {
    /** The most a verifier may hold (RFC 5531: opaque body<400>). */
    static final int MAX_AUTH = 400;
    private static final int CALL = 0;
    private static final int REPLY = 1;
    private static final int AUTH_NONE = 0;
    private static final int AUTH_SYS = 1;

    /** Credentials a call carries: AUTH_SYS with this uid and gid, or AUTH_NONE (uid -1). */
    public record Credential(int uid, int gid, String machine) {

        /** AUTH_NONE. */
        public static final Credential NONE = new Credential(-1, -1, "");

        /** AUTH_SYS as root on {@code machine}, as dNFS and the kernel client present themselves to an export. */
        public static Credential root(String machine) {
            return new Credential(0, 0, machine);
        }

        void write(ByteBuf b) {
            if (uid < 0) {
                Xdr.putInt(b, AUTH_NONE);
                Xdr.putInt(b, 0);
                return;
            }
            Xdr.putInt(b, AUTH_SYS);
            int at = b.writerIndex();
            Xdr.putInt(b, 0);
            Xdr.putInt(b, 0); // stamp
            Xdr.putString(b, machine);
            Xdr.putInt(b, uid);
            Xdr.putInt(b, gid);
            Xdr.putInt(b, 0); // no supplementary groups
            b.setInt(at, b.writerIndex() - at - 4);
        }
    }

    private Rpc() {
    }

    /**
     * A call of {@code procedure} of program {@code program} version {@code version}, its arguments written by
     * {@code args}, record-marked as one last fragment.
     */
    public static ByteBuf call(ByteBufAllocator alloc, int xid, int program, int version, int procedure,
                               Credential credential, Consumer<ByteBuf> args) {
        ByteBuf b = alloc.buffer(256);
        b.writeInt(0); // the record mark, set below
        Xdr.putInt(b, xid);
        Xdr.putInt(b, CALL);
        Xdr.putInt(b, 2);
        Xdr.putInt(b, program);
        Xdr.putInt(b, version);
        Xdr.putInt(b, procedure);
        credential.write(b);
        Xdr.putInt(b, AUTH_NONE); // verifier
        Xdr.putInt(b, 0);
        args.accept(b);
        b.setInt(0, 0x8000_0000 | (b.writerIndex() - 4));
        return b;
    }

    /** A reply's transaction id, read without consuming it (to match it to its call). */
    public static int xid(ByteBuf record) {
        if (record.readableBytes() < 4) {
            throw new RpcException("a reply of " + record.readableBytes() + " bytes");
        }
        return record.getInt(record.readerIndex());
    }

    /**
     * Reads a reply's header up to its results: the buffer is then at the results. Throws an {@link RpcException}
     * naming the refusal when the call was not executed.
     */
    public static void accepted(ByteBuf record, int xid) {
        int got = Xdr.getInt(record);
        if (got != xid) {
            throw new RpcException("a reply to call " + got + " where " + xid + " was expected");
        }
        if (Xdr.getInt(record) != REPLY) {
            throw new RpcException("a call where a reply was expected");
        }
        int stat = Xdr.getInt(record);
        if (stat == 1) {
            throw denied(record);
        }
        if (stat != 0) {
            throw new RpcException("a reply status of " + stat);
        }
        Xdr.getInt(record); // verifier flavour
        Xdr.getOpaque(record, MAX_AUTH);
        int accept = Xdr.getInt(record);
        switch (accept) {
            case 0 -> {}
            case 1 -> throw new RpcException("the program is not served there (PROG_UNAVAIL)");
            case 2 -> throw new RpcException("the program's version is not served there: it serves versions "
                    + Xdr.getUnsignedInt(record) + " to " + Xdr.getUnsignedInt(record) + " (PROG_MISMATCH)");
            case 3 -> throw new RpcException("the procedure is not served there (PROC_UNAVAIL)");
            case 4 -> throw new RpcException("the server could not decode the arguments (GARBAGE_ARGS)");
            case 5 -> throw new RpcException("the server failed (SYSTEM_ERR)");
            default -> throw new RpcException("an accept status of " + accept);
        }
    }

    private static RpcException denied(ByteBuf record) {
        int why = Xdr.getInt(record);
        if (why == 0) {
            return new RpcException("the server speaks ONC RPC versions " + Xdr.getUnsignedInt(record) + " to "
                    + Xdr.getUnsignedInt(record) + " only (RPC_MISMATCH)");
        }
        return new RpcException(why == 1 ? "the server refused the credentials (AUTH_ERROR " + Xdr.getInt(record)
                + ")" : "a reject status of " + why);
    }
}
