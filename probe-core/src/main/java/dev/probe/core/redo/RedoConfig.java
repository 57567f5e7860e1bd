package dev.probe.core.redo;

import dev.probe.core.client.Target;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;

/**
 * What a redo-style (sync or async) run needs, validated once.
 *
 * @param target where to connect and how
 * @param params the test
 */
public record RedoConfig(Target target, TestParams params) {
    public RedoConfig {
        if (target == null) {
            throw new BadParameterException("target", "is missing");
        }
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
    }

    /** {@code params} against {@code host:port} with {@link Target#of}'s defaults. */
    public static RedoConfig of(String host, int port, TestParams params) {
        return new RedoConfig(Target.of(host, port), params);
    }
}
