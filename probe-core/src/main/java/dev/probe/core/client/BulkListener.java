package dev.probe.core.client;

import dev.probe.core.protocol.Messages.Ready;
import dev.probe.core.result.BulkProgress;
import dev.probe.core.result.BulkResult;

/** Hears a bulk run's progress; the console and file writers implement it. Called off the hot path. */
public interface BulkListener {
    default void onReady(Ready ready) {
    }

    default void onProgress(BulkProgress progress) {
    }

    default void onFinished(BulkResult result) {
    }
}
