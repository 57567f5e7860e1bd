package dev.probe.core.result;

import dev.probe.core.protocol.Handshake.Ready;

/** Hears a bulk run's progress; the console and file writers implement it. Called off the hot path. */
public interface BulkListener {
    default void onReady(Ready ready) {
    }

    default void onProgress(BulkProgress progress) {
    }

    default void onFinished(BulkResult result) {
    }
}
