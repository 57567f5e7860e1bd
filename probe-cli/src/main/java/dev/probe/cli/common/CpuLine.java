package dev.probe.cli.common;

import dev.probe.core.units.CpuUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The probe's own CPU cost, as iperf3 prints it ("CPU Utilization: local/sender ..., remote/receiver ..."), and a
 * warning for each side that kept above 90 % of its cores busy: its figures may measure the probe, not the path.
 */
public final class CpuLine {
    /** System property set when client and server run in this one process (the demo): their CPU is one figure. */
    public static final String ONE_PROCESS = "probe.cpu.oneProcess";

    private CpuLine() {
    }

    /** The line and any warnings; {@code remote} may be null (an older server, or Object Storage). */
    public static List<String> of(CpuUsage local, String localRole, CpuUsage remote, String remoteRole, long bytes) {
        List<String> lines = new ArrayList<>();
        if (local == null) {
            return lines;
        }
        if (Boolean.getBoolean(ONE_PROCESS)) {
            lines.add("CPU Utilization: " + local.describe(bytes) + " for client and server together (the demo runs "
                    + "both in this one process; on two hosts each side is counted apart)");
            warnIfStarved(lines, "this host", local);
            return lines;
        }
        lines.add("CPU Utilization: local/" + localRole + " " + local.describe(bytes)
                + (remote == null ? "" : ", remote/" + remoteRole + " " + remote.describe(bytes)));
        warnIfStarved(lines, "this host", local);
        warnIfStarved(lines, "the server", remote);
        return lines;
    }

    private static void warnIfStarved(List<String> lines, String who, CpuUsage u) {
        if (u != null && u.starved()) {
            lines.add(String.format(Locale.ROOT, "WARNING: %s's probe kept %.0f %% of its %d cores busy: the result "
                    + "may be CPU-bound, not network-bound.", who, u.percentOfCore() / u.cores(), u.cores()));
        }
    }
}
