package dev.probe.core.params;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;

/** What the server needs to know of any session, test or bulk: its connections, timing and a one-line description. */
public interface SessionSpec {
    /** HELLO's {@code kind}: which server session kind runs it ("test", "bulk"). */
    String kind();

    /** The parameters as HELLO carries them. */
    ObjectNode toJson();

    /** Connections the session will open. */
    int connections();

    /** How long data will flow, or {@link Duration#ZERO} when not known in advance (bulk by volume). */
    Duration expectedDuration();

    /** Statistics interval. */
    Duration interval();

    /** Requested SO_SNDBUF/SO_RCVBUF, 0 = system default. */
    long sockbuf();

    /** One line for the server log. */
    String describe();

    /** False for a session that carries control frames only (an agent's): its log line then counts no bytes. */
    default boolean carriesData() {
        return true;
    }
}
