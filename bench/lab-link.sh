#!/usr/bin/env bash
# The userspace impaired link's own speed (issue 7): iperf3 through `probe lab up` with no impairment, so the
# forwarder (not loss or delay) is what limits it, at MTU 1500 and 9000, per packet (--unit-segments 1) and with
# GSO aggregates (--unit-segments 3, the sweep's default). Needs root and /dev/net/tun.
#   bench/lab-link.sh           (DUR=10 seconds per run)
# Targets: >= 1 Gbit/s at MTU 9000 and >= 500 Mbit/s at MTU 1500 on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-10}
OUT=bench/out
NAME=probebench
mkdir -p "$OUT"
if ! command -v iperf3 >/dev/null; then
  echo "installing iperf3 (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq iperf3 >/dev/null
fi
[ "$(id -u)" = 0 ] || { echo "bench/lab-link.sh needs root (namespaces and TUN devices)" >&2; exit 1; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip
trap 'java -jar probe.jar lab down --name $NAME >/dev/null 2>&1 || true' EXIT

run() { # $1 = MTU, $2 = segments per unit, $3 = streams -> receiver Gbit/s
  java -jar probe.jar lab up --name "$NAME" --subnet 10.250.78.0/30 --mtu "$1" --unit-segments "$2" >/dev/null
  java -jar probe.jar lab run --name "$NAME" --side server iperf3 -s -1 -D
  sleep 0.5
  java -jar probe.jar lab run --name "$NAME" iperf3 -c 10.250.78.2 -t "$DUR" -P "$3" -C cubic -J \
    > "$OUT/lab-link-mtu$1-unit$2-P$3.json"
  java -jar probe.jar lab down --name "$NAME" > "$OUT/lab-link-mtu$1-unit$2-P$3.counters"
  python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['end']['sum_received']['bits_per_second']/1e9, 3))" \
    "$OUT/lab-link-mtu$1-unit$2-P$3.json"
}

echo "probe lab link benchmark: $(date -u +%FT%TZ), $(nproc) cores, $(uname -r), DUR=${DUR}s"
printf '%-8s %-16s %-8s %10s %8s\n' MTU unit streams Gbit/s target
for mtu in 1500 9000; do
  target=$([ "$mtu" = 1500 ] && echo 0.5 || echo 1.0)
  for unit in 1 3; do
    for p in 1 4; do
      g=$(run "$mtu" "$unit" "$p")
      printf '%-8s %-16s %-8s %10s %8s\n' "$mtu" "$unit segment(s)" "$p" "$g" ">= $target"
    done
  done
done
