#!/usr/bin/env bash
# Start-up of the self-contained bundle (issue 14): `bin/probe ...` (its own jlink runtime, class-data-sharing
# archives) against `java -jar probe.jar ...` on the machine's JDK, the same commands interleaved run by run so
# both see the same machine state. Prints the median wall time of each and how much faster the bundle starts.
#   bench/startup.sh              (RUNS=21 per command and side)
# Target: the bundle starts at least 30 % faster. Builds probe.jar and the tarball first when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-21}
tarball=$(ls probe-cli/target/probe-*-linux-*.tar.gz 2>/dev/null | head -1 || true)
if [ ! -f probe.jar ] || [ -z "$tarball" ]; then
  mvn -B -q package -DskipTests -Dbench.skip
  tarball=$(ls probe-cli/target/probe-*-linux-*.tar.gz | head -1)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
bundle=$(echo "$work"/probe-*/bin/probe)
"$bundle" --version >/dev/null   # the first run at a new place makes the archive of probe's classes

ms() { # run "$@" once, print its wall time in ms
  local t0 t1
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

compare() { # $1 = label, rest = probe arguments
  local label=$1
  shift
  : > "$work/jar" ; : > "$work/bundle"
  for _ in $(seq "$RUNS"); do
    ms java -jar probe.jar "$@" >> "$work/jar"
    ms "$bundle" "$@" >> "$work/bundle"
  done
  local j b
  j=$(median < "$work/jar")
  b=$(median < "$work/bundle")
  printf '%-28s %8s %8s %9s\n' "$label" "$j" "$b" "$(( (j - b) * 100 / j )) %"
}

echo "java: $(java -version 2>&1 | head -1); bundle runtime: $("${bundle%/bin/probe}/runtime/bin/java" -version 2>&1 | head -1)"
echo "median of $RUNS runs, ms      java -jar   bundle   faster by"
compare "--version" --version
compare "report predict" report predict --rtt-ms 20 --loss-pct 0.1
compare "client --help" client --help
