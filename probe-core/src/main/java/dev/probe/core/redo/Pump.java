package dev.probe.core.redo;

import io.netty.channel.Channel;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Streams messages on one channel's event loop: keeps the pipe full while the channel is writable and resumes when
 * it drains (never buffering without bound), or with a period writes message k at start + k x period (catching up
 * after a stall). Whichever end sends uses it; the writer says after each message how long to pause (a server's
 * rate cap), 0 for none.
 */
final class Pump {
    private final Channel channel;
    private final long periodNanos;
    private final BooleanSupplier stopped;
    private final LongSupplier writeOne;
    private long startNanos;
    private long sent;
    private boolean timerArmed;

    /** {@code periodNanos} 0: as fast as the channel takes them. */
    Pump(Channel channel, long periodNanos, BooleanSupplier stopped, LongSupplier writeOne) {
        this.channel = channel;
        this.periodNanos = periodNanos;
        this.stopped = stopped;
        this.writeOne = writeOne;
    }

    /** The period of a run paced at {@code rate} messages/s over {@code connections}; 0 when not paced. */
    static long period(double rate, int connections) {
        return rate > 0 ? Math.round(connections * 1e9 / rate) : 0;
    }

    void start(long t0) {
        startNanos = t0;
        run();
    }

    /** Writes what is due while the channel is writable; called again when it drains. On the event loop. */
    void run() {
        if (stopped.getAsBoolean()) {
            return;
        }
        long pause = 0;
        long now = System.nanoTime();
        while (pause == 0 && channel.isWritable() && (periodNanos == 0 || startNanos + sent * periodNanos <= now)) {
            pause = writeOne.getAsLong();
            sent++;
        }
        if (channel.isWritable() && (pause > 0 || periodNanos > 0) && !timerArmed) {
            timerArmed = true;
            long due = Math.max(pause, periodNanos == 0 ? 0 : startNanos + sent * periodNanos - now);
            channel.eventLoop().schedule(() -> {
                timerArmed = false;
                run();
            }, Math.max(0, due), TimeUnit.NANOSECONDS);
        }
        channel.flush();
    }
}
