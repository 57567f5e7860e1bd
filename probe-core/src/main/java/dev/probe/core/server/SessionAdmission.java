package dev.probe.core.server;

import dev.probe.core.params.SessionSpec;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.ErrorCode;
import dev.probe.core.protocol.ErrorReply;
import dev.probe.core.protocol.Frames;
import dev.probe.core.protocol.Handshake.Hello;
import dev.probe.core.protocol.Handshake.Join;
import dev.probe.core.protocol.Handshake.Joined;
import dev.probe.core.protocol.Handshake.Ready;
import dev.probe.core.result.ClockOffset;
import dev.probe.core.tcp.HostSettings;
import dev.probe.core.tcp.SavedSyn;
import io.netty.channel.Channel;
import java.nio.file.Path;

/**
 * Decides on an authenticated HELLO or JOIN: for a HELLO the protocol version, the session kind, its parameters
 * and the server's limits, then the session opened; for a JOIN the session and the connection's index. The
 * handshake handler writes the decision's reply and, when admitted, hands the connection to the session.
 */
final class SessionAdmission {
    private static final Path PROC_SYS = Path.of("/proc/sys");

    /** The reply to send; {@code session} is null when refused. */
    record Decision(ControlFrame reply, ServerSession session, int index) {
        static Decision refuse(ErrorCode code, String message) {
            return new Decision(new ErrorReply(code, message).frame(), null, -1);
        }

        boolean admitted() {
            return session != null;
        }
    }

    private final ServerContext server;

    SessionAdmission(ServerContext server) {
        this.server = server;
    }

    /** A HELLO on {@code ch}; {@code nonce} and {@code proof} go into READY. */
    Decision hello(ControlFrame frame, Channel ch, String nonce, String proof) {
        int version = frame.body().path("protocol").asInt(-1);
        if (version != Frames.VERSION) {
            return Decision.refuse(ErrorCode.PROTOCOL, "protocol version " + frame.body().path("protocol")
                    + " is not supported (server speaks " + Frames.VERSION + ")");
        }
        Hello hello = Hello.from(frame.body());
        SessionKind<?> kind = server.kind(hello.kind());
        if (kind == null) {
            throw new BadParameterException("kind", "'" + hello.kind() + "' is not valid");
        }
        Admitted<?> admitted = Admitted.parse(kind, hello.params());
        SessionSpec spec = admitted.spec();
        String limit = admitted.refusal(server.sessions().size()); // the kind's own limits name its own flags
        if (limit == null) {
            limit = server.limitFor(spec);
        }
        if (limit != null) {
            return Decision.refuse(ErrorCode.LIMIT, limit);
        }
        SocketBuffers.apply(ch, spec.sockbuf());
        ServerSession session = server.sessions().open(admitted, ch);
        int tos = SavedSyn.tos(ch); // the kernel gives the saved SYN once
        if (tos > 0) {
            server.log().log("session " + session.shortId() + ": its SYN arrived with DSCP " + (tos >> 2));
        }
        return new Decision(new Ready(session.id(), nonce, SocketBuffers.sndbuf(ch), SocketBuffers.rcvbuf(ch),
                server.version(), admitted.storage(), admitted.content(), proof, tos,
                HostSettings.read(PROC_SYS, HostSettings.interfaceMtu(ch)), ClockOffset.nowMicros()).frame(), session,
                0);
    }

    /** A JOIN on {@code ch}; {@code proof} goes into JOINED. */
    Decision join(ControlFrame frame, Channel ch, String proof) {
        Join join = Join.from(frame.body());
        ServerSession session = server.sessions().find(join.sessionId());
        if (session == null) {
            return Decision.refuse(ErrorCode.UNKNOWN_SESSION, "no session " + join.sessionId().substring(0, 8)
                    + " on this server");
        }
        String problem = session.join(join.index(), ch);
        if (problem != null) {
            return Decision.refuse(ErrorCode.BAD_PARAMETER, problem);
        }
        SocketBuffers.apply(ch, session.spec().sockbuf());
        return new Decision(new Joined(SocketBuffers.sndbuf(ch), SocketBuffers.rcvbuf(ch), proof).frame(), session,
                join.index());
    }
}
