#!/usr/bin/env bash
# Fan-out overhead (issue 15): the same bulk backup (CHANNELS channels for DURATION) from one host and from AGENTS
# agents on this machine, interleaved run by run, to one server on loopback. The agents share this machine's
# cores, so this measures what the agents and the coordinator cost, not scale. By duration, so every host runs
# the whole time (a volume split in fixed shares lasts as long as its slowest host: VOLUME=16GiB measures that).
#   bench/fanout.sh            (RUNS=3 AGENTS=4 CHANNELS=12 DURATION=15s)
# Target: the fan-out's merged throughput >= 0.9 x the single-host run's.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}; AGENTS=${AGENTS:-4}; CHANNELS=${CHANNELS:-12}; DURATION=${DURATION:-15s}; VOLUME=${VOLUME:-}
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip -Dbundle.skip
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
head -c 32 /dev/urandom | base64 > "$work/secret"
java -jar probe.jar server --bind 127.0.0.1 --port 0 --quiet --secret-file "$work/secret" > "$work/server.log" 2>&1 &
pids+=($!)
from=()
for i in $(seq "$AGENTS"); do
  java -jar probe.jar agent --bind 127.0.0.1 --port 0 --secret-file "$work/secret" --allow-targets 127.0.0.1 > "$work/agent$i.log" 2>&1 &
  pids+=($!)
done
started() { # log file -> HOST:PORT once it says so
  for _ in $(seq 100); do
    grep -o 'started on [0-9.]*:[0-9]*' "$1" 2>/dev/null | sed 's/started on //' && return 0
    sleep 0.1
  done
  echo "no start line in $1" >&2; return 1
}
port=$(started "$work/server.log" | cut -d: -f2)
for i in $(seq "$AGENTS"); do from+=("$(started "$work/agent$i.log")"); done
agents=$(IFS=,; echo "${from[*]}")
if [ -n "$VOLUME" ]; then amount=(--volume "$VOLUME"); what=$VOLUME; else amount=(--duration "$DURATION"); what=$DURATION; fi
common=(--secret-file "$work/secret" --direction backup --channels "$CHANNELS" "${amount[@]}" --piece-size 256MiB)
: > "$work/one"; : > "$work/fan"
for _ in $(seq "$RUNS"); do
  java -jar probe.jar bulk 127.0.0.1 --port "$port" "${common[@]}" --json "$work/one.json" > /dev/null
  python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['summary']['throughput_gbps'], 2))" "$work/one.json" >> "$work/one"
  java -jar probe.jar bulk 127.0.0.1 --port "$port" --from "$agents" "${common[@]}" --json "$work/fan.json" > /dev/null
  python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['summary']['throughput_gbps'], 2))" "$work/fan.json" >> "$work/fan"
done
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
one=$(median < "$work/one"); fan=$(median < "$work/fan")
echo "bulk backup, $CHANNELS channels, $what, $RUNS runs each (Gbit/s):"
echo "  one host:  $(paste -sd' ' "$work/one")   median $one"
echo "  $AGENTS agents:  $(paste -sd' ' "$work/fan")   median $fan"
python3 -c "import sys; print('  ratio %.2f (target >= 0.9)' % (float(sys.argv[2]) / float(sys.argv[1])))" "$one" "$fan"
