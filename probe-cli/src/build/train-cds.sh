#!/bin/sh
# Build step of the bundle (run by probe-cli's pom): real runs of probe on the bundle's own runtime record the
# classes probe loads. The list is shipped as lib/probe.classlist (bin/probe makes the archive of probe's own
# classes from it, once, where the bundle is unpacked), and the runtime's default class-data-sharing archive,
# runtime/lib/server/classes.jsa, is made from it here: the JDK classes a probe run needs, ready at first start.
# The runs are the short commands, where start-up is most of the time. Measured (bench/startup.sh): adding the
# classes of a demo run (Netty, TLS: an archive of 29 MB instead of 13 MB) made --version and report predict
# 7-10 % slower, as JDK 17 relocates the whole archive at every start, and saved nothing on runs of seconds.
set -eu
image=$1
java=$image/runtime/bin/java
jar=$image/lib/probe.jar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {
    name=$1
    shift
    if ! "$java" -XX:DumpLoadedClassList="$work/$name.classlist" -cp "$jar" dev.probe.cli.Main "$@" \
            > "$work/$name.out" 2>&1; then
        echo "train-cds: 'probe $*' failed on the bundle's runtime:" >&2
        cat "$work/$name.out" >&2
        exit 1
    fi
}

run 1-version --version
run 2-predict report predict --rtt-ms 20 --loss-pct 0.1
cat "$work"/*.classlist | awk '!seen[$0]++' > "$image/lib/probe.classlist"

if ! "$java" -Xshare:dump -XX:SharedClassListFile="$image/lib/probe.classlist" \
        -XX:SharedArchiveFile="$image/runtime/lib/server/classes.jsa" > "$work/dump.out" 2>&1; then
    echo "train-cds: the runtime's CDS archive could not be made:" >&2
    cat "$work/dump.out" >&2
    exit 1
fi
