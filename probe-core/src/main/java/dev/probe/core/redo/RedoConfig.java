package dev.probe.core.redo;

import dev.probe.core.client.Target;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.protocol.BadParameterException;

/**
 * What a redo-style (sync or async) run needs, validated once.
 *
 * @param target  where to connect and how
 * @param params  the test
 * @param opening what HELLO asks for: the test itself, or a request that carries it (a relay's, which receives the
 *                test and forwards it)
 */
public record RedoConfig(Target target, TestParams params, SessionSpec opening) {
    /** The test, opened as itself. */
    public RedoConfig(Target target, TestParams params) {
        this(target, params, params);
    }

    public RedoConfig {
        if (target == null) {
            throw new BadParameterException("target", "is missing");
        }
        if (params == null) {
            throw new BadParameterException("params", "is missing");
        }
        if (opening == null || opening.connections() != params.numConn()) {
            throw new BadParameterException("opening", "must open the test's connections");
        }
    }

    /** {@code params} against {@code host:port} with {@link Target#of}'s defaults. */
    public static RedoConfig of(String host, int port, TestParams params) {
        return new RedoConfig(Target.of(host, port), params);
    }
}
