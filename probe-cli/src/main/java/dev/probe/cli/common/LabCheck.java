package dev.probe.cli.common;

import dev.probe.core.lab.LabState;
import dev.probe.core.params.Direction;
import java.io.PrintWriter;

/**
 * A run started by {@code probe lab run} (which names its lab in {@code PROBE_LAB}) checks that its data crosses the
 * lab's lossy direction, and says so in one WARNING line when it does not: a restore through a lab made for
 * backups meets none of the loss and reads several times faster than the link it stands for.
 */
public final class LabCheck {
    private LabCheck() {
    }

    /** Prints the warning on {@code out} when the run's data flows {@code data} and the lab loses the other way. */
    public static void warn(PrintWriter out, Direction data) {
        warn(out, data, LabState.THIS_RUN);
    }

    /**
     * The same for {@code subject}'s data (e.g. "the reverse pass of --both-directions"), named so in the line.
     */
    public static void warn(PrintWriter out, Direction data, String subject) {
        String warning = LabState.directionWarning(System.getenv(LabState.ENV), data, subject);
        if (warning != null) {
            out.println(warning);
            out.flush();
        }
    }
}
