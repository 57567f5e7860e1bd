package dev.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.probe.cli.common.ExitCodes;
import dev.probe.core.client.ProbeException;
import dev.probe.core.error.CannotRunException;
import dev.probe.core.error.UsageException;
import dev.probe.core.lab.LabException;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.report.ReportInputException;
import org.junit.jupiter.api.Test;

/** Only probe's own exceptions reach the user as their message; anything else is an internal error, exit 1. */
class ErrorsTest {
    @Test
    void probesOwnExceptionsAreShownAsTheyAre() {
        assertEquals("--rate: too fast", Errors.message(new UsageException("--rate: too fast")));
        assertEquals(ExitCodes.USAGE, Errors.exitCode(new UsageException("--rate: too fast")));
        assertEquals(ExitCodes.USAGE, Errors.exitCode(new BadParameterException("num_conn", "0 is out of range")));
        assertEquals(ExitCodes.USAGE, Errors.exitCode(new ReportInputException("a.json is not JSON")));
        assertEquals("cannot listen on 0.0.0.0:5555: Address already in use",
                Errors.message(new CannotRunException("cannot listen on 0.0.0.0:5555: Address already in use")));
        assertEquals(ExitCodes.FAILED, Errors.exitCode(new LabException("not root")));
        assertEquals("server refused: busy", Errors.message(new ProbeException(ProbeException.Kind.REFUSED,
                "server refused: busy")));
    }

    @Test
    void anyOtherExceptionIsAnInternalErrorNotAUsageError() {
        IllegalStateException netty = new IllegalStateException("channel not registered to an event loop");
        assertEquals("internal error: " + netty + " (run with --debug for details)", Errors.message(netty));
        assertEquals(ExitCodes.FAILED, Errors.exitCode(netty));
        IllegalArgumentException jdk = new IllegalArgumentException("capacity < 0: (-1 < 0)");
        assertEquals("internal error: " + jdk + " (run with --debug for details)", Errors.message(jdk));
        assertEquals(ExitCodes.FAILED, Errors.exitCode(jdk));
    }
}
