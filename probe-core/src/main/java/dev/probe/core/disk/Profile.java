package dev.probe.core.disk;

import dev.probe.core.protocol.BadParameterException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a disk check measures, ORION's way: {@code redo} (sequential synchronous writes, the standby redo log's
 * share of a SYNC AFFIRM commit), {@code oltp} (8 KiB random at rising load: IOPS within a latency bound) and
 * {@code dss} (1 MiB sequential and random at rising load: peak MB/s; {@code olap} names it too), and the seed
 * study's SLOB-like OLTP mix {@code slob} (8 KiB random, 80 % reads, at rising load: IOPS within the bound).
 */
public enum Profile {
    REDO, OLTP, DSS, SLOB;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code redo,oltp,dss,slob} or {@code all}; fails naming the bad one. */
    public static Set<Profile> parseList(String text) {
        Set<Profile> out = EnumSet.noneOf(Profile.class);
        for (String item : text.split(",")) {
            String t = item.trim().toLowerCase(Locale.ROOT);
            if (t.equals("all")) {
                out.addAll(EnumSet.allOf(Profile.class));
                continue;
            }
            if (t.equals("olap")) {
                out.add(DSS);
                continue;
            }
            try {
                out.add(valueOf(t.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BadParameterException("profile", "'" + item + "' is not redo, oltp, dss (olap), slob or all");
            }
        }
        if (out.isEmpty()) {
            throw new BadParameterException("profile", "names no profile");
        }
        return out;
    }
}
