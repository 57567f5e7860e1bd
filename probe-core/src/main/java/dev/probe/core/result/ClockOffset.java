package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.Json;
import java.time.Instant;
import java.util.Locale;

/**
 * How far the server's wall clock is from this host's, from one handshake: the server stamps READY with its clock,
 * the client notes when it sent the request and when READY came back; the offset is the server's stamp less the
 * middle of that exchange, known to within half its round trip (NTP's way, with one sample).
 *
 * @param offsetMs      the server's clock minus this host's, in milliseconds
 * @param uncertaintyMs half the exchange's round trip: the offset lies within this of the figure
 */
public record ClockOffset(double offsetMs, double uncertaintyMs) {
    /** An offset beyond its uncertainty by more than this is worth fixing: Data Guard's lags are whole seconds. */
    public static final double SKEW_MS = 500;

    /** The earliest stamp taken for a clock: 2000-01-01, microseconds since the epoch. */
    public static final long EARLIEST_US = 946_684_800_000_000L;
    /** The first stamp no longer taken for a clock: 2200-01-01. */
    public static final long LATEST_US = 7_258_118_400_000_000L;

    /**
     * Whether a peer's stamp ({@code time_us}) can be a wall clock: from 2000 to 2200. Outside (0: not sent; 1: a
     * hostile or broken peer) there is no offset to print: a 57-year "offset" from a stamp of 1 is not a figure.
     */
    public static boolean plausible(long serverUs) {
        return serverUs >= EARLIEST_US && serverUs < LATEST_US;
    }

    /** From the server's stamp and this host's send and receive times, all microseconds since the epoch. */
    public static ClockOffset of(long serverUs, long sentUs, long receivedUs) {
        return new ClockOffset((serverUs - (sentUs + receivedUs) / 2.0) / 1000, (receivedUs - sentUs) / 2000.0);
    }

    /** This host's wall clock in microseconds since the epoch, as READY is stamped and the exchange timed. */
    public static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /** True when the clocks differ by more than {@link #SKEW_MS} beyond what the measurement cannot tell. */
    public boolean skewed() {
        return Math.abs(offsetMs) - uncertaintyMs > SKEW_MS;
    }

    /** "+3.215 ms (± 0.052)". */
    public String describe() {
        return String.format(Locale.ROOT, "%+.3f ms (± %.3f)", offsetMs, uncertaintyMs);
    }

    /** {@code {"offset_ms", "uncertainty_ms"}}. */
    public ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("offset_ms", Math.round(offsetMs * 1000) / 1000.0);
        n.put("uncertainty_ms", Math.round(uncertaintyMs * 1000) / 1000.0);
        return n;
    }
}
