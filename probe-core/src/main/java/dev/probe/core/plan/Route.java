package dev.probe.core.plan;

import java.util.Locale;

/**
 * One hop of a plan: a site ships the redo it generates or receives to a destination, in a transport mode.
 *
 * @param from the shipping site
 * @param to   the destination
 * @param mode how the destination acknowledges
 */
public record Route(String from, String to, Mode mode) {
    /** Data Guard's transport modes. */
    public enum Mode {
        /** SYNC AFFIRM: the destination writes the redo to its standby redo log before it acknowledges. */
        SYNC,
        /** SYNC NOAFFIRM: the destination acknowledges on receipt. */
        FASTSYNC,
        /** The log writer does not wait. */
        ASYNC;

        /** Whether the primary's commit waits for this destination's acknowledgement. */
        public boolean waits() {
            return this != ASYNC;
        }

        /** As RedoRoutes writes it. */
        public String label() {
            return name();
        }

        static Mode parse(String word) {
            return valueOf(word.toUpperCase(Locale.ROOT));
        }
    }

    @Override
    public String toString() {
        return from + " -> " + to + " " + mode.label();
    }
}
