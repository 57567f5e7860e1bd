package dev.probe.core.agent;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;

/** A small bulk backup for agent tests. */
final class FanoutConfigTestData {
    private FanoutConfigTestData() {
    }

    static BulkParams backup() {
        return BulkParams.builder(Direction.BACKUP, "hard").channels(2).volume(8L << 20).build();
    }
}
