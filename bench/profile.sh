#!/usr/bin/env bash
# Where probe's CPU goes, beside iperf3's, on loopback: async-profiler (CPU and allocation flame graphs) on probe's
# sender and receiver, and iperf3 and probe under perf stat in the same run.
#   bench/profile.sh                 DUR=10 seconds per run; SVGs to bench/profiles/, counters to bench/out/profile/
#   CASES="async1 tls1" bench/profile.sh      only those cases (async1 bulk8 tls1 objstore4)
# async-profiler comes from Maven Central (tools.profiler:async-profiler, its agent library); the flame graphs are
# drawn by Brendan Gregg's flamegraph.pl (bench/tools/, CDDL) from async-profiler's collapsed stacks.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-10}
CASES=${CASES:-async1 bulk8 tls1 objstore4}
AP_VERSION=${AP_VERSION:-4.1}
OUT=bench/out/profile
PROF=bench/profiles
PORT=${PORT:-15655}; OPORT=${OPORT:-15680}; IPORT=${IPORT:-15301}
mkdir -p "$OUT" "$PROF"
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip
command -v iperf3 >/dev/null || { apt-get update -qq && apt-get install -y -qq iperf3 >/dev/null; }
command -v perf >/dev/null || { apt-get update -qq && apt-get install -y -qq linux-perf >/dev/null; }
. bench/lib.sh

AP="$OUT/libasyncProfiler.so"
if [ ! -f "$AP" ]; then
  mvn -B -q dependency:copy -Dartifact="tools.profiler:async-profiler:$AP_VERSION" -DoutputDirectory="$OUT"
  case "$(uname -m)" in aarch64) plat=linux-arm64 ;; *) plat=linux-x64 ;; esac
  unzip -o -j -q "$OUT/async-profiler-$AP_VERSION.jar" "$plat/libasyncProfiler.so" -d "$OUT"
fi

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# agent EVENT FILE: the JVM option that profiles EVENT from start to exit into FILE (collapsed stacks): cpu every
# 1 ms, alloc every 512 KiB allocated
agent() {
  local interval=1ms
  [ "$1" = alloc ] && interval=512k
  echo "-agentpath:$(pwd)/$AP=start,event=$1,interval=$interval,collapsed,file=$(pwd)/$2"
}

# the heap flags a server restarts itself with (LeanJvm.FLAGS), given at start: no restart, so no exec that would
# keep the profiler's timer and lose its handler
LEAN=(-XX:+UseSerialGC -Xms16m -Xmx1g)

# server EVENT CASE: a probe server for CASE, profiled; sets SPID
server() {
  local extra=()
  case "$2" in
    tls1) extra=(--tls) ;;
    objstore4) extra=(--objectstore-port "$OPORT" --store discard --allow-unsigned --bucket bench) ;;
  esac
  java "${LEAN[@]}" "$(agent "$1" "$OUT/$2-$1-receiver.collapsed")" -jar probe.jar server --bind 127.0.0.1 \
    --port "$PORT" --quiet "${extra[@]}" > "$OUT/$2-server.log" 2>&1 &
  SPID=$!; pids+=("$SPID")
  await_started "$OUT/$2-server.log" || { echo "server for $2 did not start: $(cat "$OUT/$2-server.log")" >&2; exit 1; }
}

# args CASE: the sending side's probe arguments for CASE, into CARGS
args() {
  case "$1" in
    async1) CARGS=(client 127.0.0.1 --port "$PORT" --mode async --length 1MiB --num-conn 1) ;;
    bulk8) CARGS=(bulk 127.0.0.1 --port "$PORT" --direction backup --channels 8) ;;
    tls1) local fp; fp=$(grep -o "fingerprint [0-9A-F:]*" "$OUT/$1-server.log" | head -1 | awk '{print $2}')
          CARGS=(client 127.0.0.1 --port "$PORT" --mode async --length 1MiB --num-conn 1 --tls --trust-fingerprint "$fp") ;;
    objstore4) oci_bench_config "$OUT"
          CARGS=(objstore backup --endpoint "http://127.0.0.1:$OPORT" --namespace probe --bucket bench
                 --config "$OUT/oci-config" --channels 4) ;;
  esac
  CARGS+=(--duration "${DUR}s" --json "$OUT/$1.json")
}

# client CASE JVM-OPTION: the sending side of CASE, profiled
client() { args "$1"; java "$2" -jar probe.jar "${CARGS[@]}" > "$OUT/$1-client.txt"; }

# svg CASE EVENT SIDE: the flame graph of one side's collapsed stacks
svg() {
  perl bench/tools/flamegraph.pl --title "probe $1, $3, $2 ($DUR s, $(date -u +%F))" --countname samples \
    --width 1600 --minwidth 2 "$OUT/$1-$2-$3.collapsed" > "$PROF/$1-$2-$3.svg"
}

echo "profiles: $(date -u +%FT%TZ), $(cpu_model), $(nproc) cores, DUR=${DUR}s"
for c in $CASES; do
  for ev in cpu alloc; do
    server "$ev" "$c"
    client "$c" "$(agent "$ev" "$OUT/$c-$ev-sender.collapsed")"
    kill "$SPID"; wait "$SPID" 2>/dev/null || true
    svg "$c" "$ev" sender; svg "$c" "$ev" receiver
  done
  python3 bench/profile-top.py "$OUT" "$c"
done

# perf stat: iperf3 and probe, unprofiled, each end counted whole (task-clock, context switches), same run
pstat() { perf stat -x, -e task-clock,context-switches,cpu-migrations,page-faults -o "$1" -- "${@:2}"; }
for n in 1 8; do
  pstat "$OUT/iperf3-P$n-receiver.perf" iperf3 -s -1 -B 127.0.0.1 -p "$IPORT" > /dev/null 2>&1 & rp=$!
  sleep 0.5
  pstat "$OUT/iperf3-P$n-sender.perf" iperf3 -c 127.0.0.1 -p "$IPORT" -P "$n" -t "$DUR" -J > "$OUT/iperf3-P$n.json"
  wait "$rp" || true
done
for c in async1 bulk8; do
  pstat "$OUT/probe-$c-receiver.perf" java "${LEAN[@]}" -jar probe.jar server --bind 127.0.0.1 --port "$PORT" \
    --quiet > "$OUT/$c-server.log" 2>&1 & rp=$!
  await_started "$OUT/$c-server.log"
  args "$c"; CARGS[-1]="$OUT/probe-$c-perf.json"
  pstat "$OUT/probe-$c-sender.perf" java -jar probe.jar "${CARGS[@]}" > /dev/null
  # the server itself, not the perf stat counting it (whose command line holds the same words)
  pkill -f "^java .*-jar probe.jar server --bind 127.0.0.1 --port $PORT " || true; wait "$rp" 2>/dev/null || true
done
python3 bench/profile-top.py "$OUT" perf
