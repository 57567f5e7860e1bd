#!/usr/bin/env bash
# A server's memory with many connections, on loopback (issue 28's targets: at most 256 MiB RSS for 1,024 bulk
# channels, all served; 10,000 idle connections within the limits without harm to a running test).
#   bench/memory.sh                     prints one line per case; MEM_DIR=/path stores backups there (default: a
#                                       directory under bench/out, i.e. this machine's disk); CASES="backup idle"
#                                       runs some; JAVA_OPTS="-D..." is passed to the server's JVM
# Cases:
#   backup-dir   one `server --dir`, four clients `bulk --channels 256 --volume 2GiB` from 127.0.0.2-5 at once
#   backup       the same without --dir (received, verified, discarded)
#   idle         an async test before and while 10,000 idle connections (bench/idle.py, from 127.0.0.2 and .3) are
#                opened to a server with --max-connections 12000 (since issue 40 it holds at most 512 that have not
#                authenticated and closes the oldest as new ones come: "still-open" says how many it kept)
# Peak RSS is the server's VmHWM; "all served" means every client exited 0 with its volume verified.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out/memory
mkdir -p "$OUT"
PORT=${PORT:-15755}
JAVA_OPTS=${JAVA_OPTS:-}
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip
command -v python3 >/dev/null || { echo "bench/memory.sh needs python3" >&2; exit 1; }
. bench/lib.sh

SPID=""
cleanup() { [ -n "$SPID" ] && kill "$SPID" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

start_server() { # $1 = log name, rest = flags
  local log="$OUT/$1.log"; shift
  # shellcheck disable=SC2086
  java $JAVA_OPTS -jar probe.jar server --bind 127.0.0.1 --port "$PORT" --quiet "$@" > "$log" 2>&1 &
  SPID=$!
  await_started "$log" || { echo "server did not start: $(cat "$log")" >&2; exit 1; }
}
stop_server() { kill "$SPID"; wait "$SPID" 2>/dev/null || true; SPID=""; }
rss_mib() { awk -v k="$2" '$1 == k":" {print int($2 / 1024)}' "/proc/$1/status"; }

bulk4() { # four clients of 256 channels each, at once -> "served/4"
  local ok=0 cpids=()
  for n in 2 3 4 5; do
    java -jar probe.jar bulk 127.0.0.1 --port "$PORT" --direction backup --channels 256 --volume 2GiB \
      --piece-size 4MiB --bind "127.0.0.$n" --json "$OUT/bulk-$n.json" > "$OUT/bulk-$n.txt" 2>&1 &
    cpids+=($!)
  done
  for p in "${cpids[@]}"; do wait "$p" && ok=$((ok + 1)); done
  echo "$ok/4"
}

echo "server memory: $(date -u +%FT%TZ), $(nproc) cores, $(uname -r)${JAVA_OPTS:+, JAVA_OPTS=$JAVA_OPTS}"
printf '%-52s %10s %10s %s\n' "case" "peak RSS" "after" "outcome"

CASES=" ${CASES:-backup-dir backup idle} "
STORE=${MEM_DIR:-$OUT/store}
if [[ $CASES == *" backup-dir "* ]]; then
rm -rf "$STORE"; mkdir -p "$STORE"
start_server backup-dir --dir "$STORE" --disk-max-size 16GiB
served=$(bulk4)
printf '%-52s %7s MiB %6s MiB %s\n' "1,024 bulk channels, backup to --dir" "$(rss_mib "$SPID" VmHWM)" \
  "$(rss_mib "$SPID" VmRSS)" "$served clients served"
stop_server; rm -rf "$STORE"
fi

if [[ $CASES == *" backup "* ]]; then
start_server backup
served=$(bulk4)
printf '%-52s %7s MiB %6s MiB %s\n' "1,024 bulk channels, backup (not stored)" "$(rss_mib "$SPID" VmHWM)" \
  "$(rss_mib "$SPID" VmRSS)" "$served clients served"
stop_server
fi

[[ $CASES == *" idle "* ]] || exit 0
start_server idle --max-connections 12000 --handshake-timeout 120s
async() { java -jar probe.jar client 127.0.0.1 --port "$PORT" --mode async --length 1MiB --duration 5s --warmup 1s \
  --json "$OUT/$1.json" > "$OUT/$1.txt"; json "$OUT/$1.json" "round(d['summary']['throughput_mib_s'])"; }
before=$(async idle-before)
rss0=$(rss_mib "$SPID" VmRSS)
exec 3> >(python3 bench/idle.py 127.0.0.1 "$PORT" 10000 > "$OUT/idle-holder.txt")
for _ in $(seq 1 300); do grep -q connected "$OUT/idle-holder.txt" 2>/dev/null && break; sleep 0.1; done
during=$(async idle-during)
rss1=$(rss_mib "$SPID" VmRSS)
exec 3>&-
for _ in $(seq 1 100); do grep -q still-open "$OUT/idle-holder.txt" 2>/dev/null && break; sleep 0.1; done
printf '%-52s %7s MiB %6s MiB %s\n' "async test while 10,000 idle connections are held" "$(rss_mib "$SPID" VmHWM)" \
  "$rss1" "$(head -1 "$OUT/idle-holder.txt"), $(tail -1 "$OUT/idle-holder.txt"); async $during MiB/s (alone: $before; RSS before $rss0 MiB)"
stop_server
