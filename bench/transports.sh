#!/usr/bin/env bash
# Netty's io_uring transport against epoll, same machine, same run, RUNS interleaved rounds (medians).
#   bench/transports.sh              (DUR=8 seconds per test, RUNS=3)
# Each round runs, on each transport (client and server on the same one): redo ASYNC 1 MiB on 1 connection, redo
# SYNC 1 KiB (p50 round trip), bulk backup on 8 verified channels, and objstore backup on 4 channels through the
# server's Object Storage endpoint (the real OCI SDK; the endpoint runs on the transport under test).
# Reported: throughput, p50, CPU s/GiB of client and server. The issue's rule: io_uring becomes the default only
# where it wins by 10 % or more.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-8}
RUNS=${RUNS:-3}
OUT=bench/out/transports
mkdir -p "$OUT"
command -v python3 >/dev/null || { echo "bench/transports.sh needs python3 to read JSON" >&2; exit 1; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip
. bench/lib.sh

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

declare -A PORT=([epoll]=15655 [io_uring]=15656) OPORT=([epoll]=15680 [io_uring]=15681) SPID=()
for t in epoll io_uring; do
  java -Dprobe.transport=$t -jar probe.jar server --bind 127.0.0.1 --port "${PORT[$t]}" --quiet \
    --objectstore-port "${OPORT[$t]}" --store discard --allow-unsigned --bucket bench > "$OUT/server-$t.log" 2>&1 &
  pids+=($!); SPID[$t]=$!
done
for t in epoll io_uring; do
  await_started "$OUT/server-$t.log" && grep -q "($t)" "$OUT/server-$t.log" || { echo "server on $t did not start on $t:"; cat "$OUT/server-$t.log"; exit 1; }
done

oci_bench_config "$OUT"
srvcpu() { proc_cpu_s "$1"; }
CPU="d['summary']['cpu']['local']['s_per_gib']"

# one measurement: $1 = transport, $2 = test -> "value client_s_per_gib server_s_per_gib"
measure() {
  local t=$1 f="$OUT/$2-$1.json" c0 c1
  c0=$(srvcpu "${SPID[$t]}")
  case "$2" in
    async1) java -Dprobe.transport=$t -jar probe.jar client 127.0.0.1 --port "${PORT[$t]}" --mode async --length 1MiB \
              --duration "${DUR}s" --warmup 1s --json "$f" > /dev/null
            json "$f" "f\"{d['summary']['throughput_mib_s'] * 1048576 * 8 / 1e9:.3f} {$CPU:.3f} {d['summary']['cpu']['remote']['s_per_gib']:.3f}\"" ;;
    sync1k) java -Dprobe.transport=$t -jar probe.jar client 127.0.0.1 --port "${PORT[$t]}" --mode sync --length 1KiB \
              --duration "${DUR}s" --warmup 1s --json "$f" > /dev/null
            json "$f" "f\"{d['summary']['latency_ms']['p50'] * 1000:.2f} 0 0\"" ;;
    bulk8)  java -Dprobe.transport=$t -jar probe.jar bulk 127.0.0.1 --port "${PORT[$t]}" --direction backup --channels 8 \
              --duration "${DUR}s" --json "$f" > /dev/null
            json "$f" "f\"{d['summary']['throughput_gbps']:.3f} {$CPU:.3f} {d['summary']['cpu']['remote']['s_per_gib']:.3f}\"" ;;
    objstore4) java -Dprobe.transport=$t -jar probe.jar objstore backup --endpoint "http://127.0.0.1:${OPORT[$t]}" \
              --namespace probe --bucket bench --config "$OUT/oci-config" --channels 4 --duration "${DUR}s" --json "$f" > /dev/null
            c1=$(srvcpu "${SPID[$t]}")
            json "$f" "f\"{d['summary']['throughput_gbps']:.3f} {$CPU:.3f} {($c1 - $c0) / (d['summary']['bytes'] / 2**30):.3f}\"" ;;
  esac
}

TESTS="async1 sync1k bulk8 objstore4"
declare -A res
echo "io_uring vs epoll: $(date -u +%FT%TZ), $(nproc) cores, $(uname -r), DUR=${DUR}s, RUNS=$RUNS"
for r in $(seq 1 "$RUNS"); do
  for test in $TESTS; do
    for t in epoll io_uring; do res[$test,$t]+="$(measure $t $test)|"; done
  done
done
{
  printf '%-34s %10s %10s %7s %10s %10s %10s %10s\n' "test (medians of $RUNS)" "epoll" "io_uring" "ratio" \
    "cli epoll" "cli uring" "srv epoll" "srv uring"
  for test in $TESTS; do
    python3 - "$test" "${res[$test,epoll]}" "${res[$test,io_uring]}" <<'PY'
import statistics, sys
name, e, u = sys.argv[1], sys.argv[2], sys.argv[3]
def med(runs, i): return statistics.median(float(r.split()[i]) for r in runs.strip('|').split('|'))
label = {'async1': 'redo async 1 MiB, 1 conn (Gbit/s)', 'sync1k': 'redo sync 1 KiB p50 (us, lower)',
         'bulk8': 'bulk backup 8 ch (Gbit/s)', 'objstore4': 'objstore backup 4 ch (Gbit/s)'}[name]
ev, uv = med(e, 0), med(u, 0)
cpu = '' if name == 'sync1k' else f"{med(e, 1):10.3f} {med(u, 1):10.3f} {med(e, 2):10.3f} {med(u, 2):10.3f}"
print(f"{label:34s} {ev:10.2f} {uv:10.2f} {uv / ev:7.2f} {cpu}")
PY
  done
  echo "CPU columns: s/GiB moved, client (cli) and server (srv); ratio: io_uring / epoll"
} | tee "$OUT/summary.txt"
