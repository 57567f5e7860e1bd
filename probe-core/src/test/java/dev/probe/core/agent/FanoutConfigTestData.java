package dev.probe.core.agent;

import dev.probe.core.params.BulkParams;
import dev.probe.core.params.Direction;
import java.time.Duration;

/** A small bulk backup for agent tests. */
final class FanoutConfigTestData {
    private FanoutConfigTestData() {
    }

    static BulkParams backup() {
        return new BulkParams(Direction.BACKUP, 2, 8L << 20, Duration.ZERO, 1L << 20, Duration.ofSeconds(1), 0, true,
                "hard", null);
    }
}
