#!/usr/bin/env bash
# probe vs iperf3 / sockperf on loopback, in one run, on this machine: throughput, CPU per GiB at both ends, TLS
# against plaintext, the JVM's own share, then (bench/memory.sh) a server's memory with 1,024 bulk channels and with
# 10,000 idle connections, and (bench/transports.sh) Netty's io_uring against epoll.
#   bench/loopback.sh            (DUR=10 seconds per test, RUNS=3 interleaved rounds, medians)
#   DUR=5 RUNS=1 MEMORY=0 TRANSPORTS=0 bench/loopback.sh   a quicker look
#   BASE_REF=aac4352 bench/loopback.sh   also compares the payload with a build of an earlier main (issue 22:
#                                        its repeating payload against the unique one, throughput and CPU s/GiB,
#                                        RUNS rounds interleaved, medians); BASE_JAR=old/probe.jar uses a jar instead
# Targets (issue 61; bench/compare.sh prints them with the CPU model): async 1 conn >= 1.0 x iperf3 -P 1 (-P 4:
#          >= 0.8); sync 1 KiB p50 <= 2.5 x sockperf ping-pong p50; bulk backup, 8 channels, every chunk verified
#          >= 1.1 x iperf3 -P 8; CPU s/GiB <= 0.9 x iperf3's at each end (async 1 and 4, bulk 8 against -P 8);
#          TLS >= 0.85 x plaintext for async 1, >= 0.7 for bulk 8; objstore backup (OCI SDK) >= 0.4 x bulk, 4
#          channels each (on two cores it measures MD5 passes as much as the channel).
# CPU s/GiB: each process's CPU seconds over GiB received in the measured seconds. probe's from its result
# (summary.cpu.local = the client, the sender here; .remote = the server); iperf3's from cpu_utilization_percent
# (host = the sending client, remote = the server) times the measured seconds. Both count the whole process.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-10}
RUNS=${RUNS:-3}
OUT=bench/out
mkdir -p "$OUT"
PPORT=${PPORT:-15555}; IPORT=${IPORT:-15201}; SPORT=${SPORT:-15111}; OPORT=${OPORT:-15580}; TPORT=${TPORT:-15565}

if ! command -v iperf3 >/dev/null || ! command -v sockperf >/dev/null; then
  echo "installing iperf3 and sockperf (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq iperf3 sockperf >/dev/null
fi
command -v python3 >/dev/null || { echo "bench/loopback.sh needs python3 to read JSON" >&2; exit 1; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip
. bench/lib.sh

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

java -jar probe.jar server --bind 127.0.0.1 --port "$PPORT" --quiet --objectstore-port "$OPORT" --store discard \
  --allow-unsigned --bucket bench > "$OUT/probe-server.log" 2>&1 & pids+=($!)
java -jar probe.jar server --bind 127.0.0.1 --port "$TPORT" --quiet --tls > "$OUT/probe-tls-server.log" 2>&1 & pids+=($!)
iperf3 -s -B 127.0.0.1 -p "$IPORT" > "$OUT/iperf3-server.log" 2>&1 & pids+=($!)
sockperf sr --tcp -i 127.0.0.1 -p "$SPORT" > "$OUT/sockperf-server.log" 2>&1 & pids+=($!)
for log in probe-server probe-tls-server; do
  await_started "$OUT/$log.log" || { echo "$log did not start: $(cat "$OUT/$log.log")" >&2; exit 1; }
done
FP=$(grep -o "fingerprint [0-9A-F:]*" "$OUT/probe-tls-server.log" | head -1 | awk '{print $2}')
TLS=(--tls --trust-fingerprint "$FP")
sleep 1

# one measurement each, its JSON in $OUT/r<round>-<name>.json
iperf() { iperf3 -c 127.0.0.1 -p "$IPORT" -P "$1" -t "$DUR" -O 1 -J > "$OUT/r$2-iperf3-P$1.json"; }
async() { # $1 = connections, $2 = round, $3 = name, rest = flags
  local n=$1 r=$2 name=$3; shift 3
  java -jar probe.jar client 127.0.0.1 --mode async --length 1MiB --num-conn "$n" --duration "${DUR}s" --warmup 1s \
    --json "$OUT/r$r-$name.json" "$@" > "$OUT/r$r-$name.txt"
}
bulk8() { # $1 = round, $2 = name, rest = flags
  local r=$1 name=$2; shift 2
  java -jar probe.jar bulk 127.0.0.1 --direction backup --channels 8 --duration "${DUR}s" \
    --json "$OUT/r$r-$name.json" "$@" > "$OUT/r$r-$name.txt"
}

echo "probe loopback benchmark: $(date -u +%FT%TZ), $(nproc) cores, $(uname -r), DUR=${DUR}s, RUNS=$RUNS"
rm -f "$OUT"/r[0-9]*-*.json
for r in $(seq 1 "$RUNS"); do
  iperf 1 "$r";  async 1 "$r" async1 --port "$PPORT"
  iperf 4 "$r";  async 4 "$r" async4 --port "$PPORT"
  iperf 8 "$r";  bulk8 "$r" bulk8 --port "$PPORT"
  async 1 "$r" async1-tls --port "$TPORT" "${TLS[@]}"
  bulk8 "$r" bulk8-tls --port "$TPORT" "${TLS[@]}"
done

sockperf pp --tcp -i 127.0.0.1 -p "$SPORT" -m 1024 -t "$DUR" --full-rtt > "$OUT/sockperf-pp.txt" 2>&1
java -jar probe.jar client 127.0.0.1 --port "$PPORT" --mode sync --length 1KiB --duration "${DUR}s" --warmup 1s \
  --json "$OUT/probe-sync-1k.json" > "$OUT/probe-sync-1k.txt"

# objstore backup (real OCI SDK, multipart, MD5 at the server) vs bulk backup, 4 channels each
oci_bench_config "$OUT"
SPID=${pids[0]}
srvcpu() { proc_cpu_s "$SPID"; }
c0=$(srvcpu)
java -jar probe.jar objstore backup --endpoint "http://127.0.0.1:$OPORT" --namespace probe --bucket bench \
  --config "$OUT/oci-config" --channels 4 --duration "${DUR}s" --json "$OUT/probe-objstore-4.json" > "$OUT/probe-objstore-4.txt"
c1=$(srvcpu)
java -jar probe.jar bulk 127.0.0.1 --port "$PPORT" --direction backup --channels 4 --duration "${DUR}s" \
  --json "$OUT/probe-bulk-4.json" > "$OUT/probe-bulk-4.txt"
c2=$(srvcpu)
echo "{\"objstore_server_cpu_s\": $(python3 -c "print($c1 - $c0)"), \"bulk4_server_cpu_s\": $(python3 -c "print($c2 - $c1)"), \
\"md5_floor_s_per_gib\": $(java bench/Md5Floor.java)}" > "$OUT/objstore-server-cpu.json"
for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; pids=()

python3 bench/loopback-summary.py "$OUT" "$RUNS" | tee "$OUT/summary.txt"
if [ "${MEMORY:-1}" = 1 ]; then echo; bench/memory.sh | tee -a "$OUT/summary.txt"; fi
if [ "${TRANSPORTS:-1}" = 1 ]; then echo; DUR=$(( DUR < 8 ? DUR : 8 )) bench/transports.sh | tee -a "$OUT/summary.txt"; fi

# ---- issue 22: the unique payload against the repeating one of an earlier main, same machine, same run ----------
if [ -n "${BASE_REF:-}" ] && [ -z "${BASE_JAR:-}" ]; then
  BASE_TREE="$OUT/base-$BASE_REF"
  [ -d "$BASE_TREE" ] || git worktree add -f "$BASE_TREE" "$BASE_REF" >/dev/null
  [ -f "$BASE_TREE/probe.jar" ] || (cd "$BASE_TREE" && mvn -B -q package -DskipTests -Dbench.skip -Dbundle.skip)
  BASE_JAR="$BASE_TREE/probe.jar"
fi
if [ -n "${BASE_JAR:-}" ]; then
  RUNS=${RUNS:-3}
  BPORT=${BPORT:-15556}; NPORT=${NPORT:-15557}
  # each side on a core of its own (server on core 1, client on core 0), so the two runs' CPU figures compare
  PIN0=""; PIN1=""
  if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then PIN0="taskset -c 0"; PIN1="taskset -c 1"; fi
  $PIN1 java -jar "$BASE_JAR" server --bind 127.0.0.1 --port "$BPORT" --quiet > "$OUT/base-server.log" 2>&1 & pids+=($!)
  $PIN1 java -jar probe.jar server --bind 127.0.0.1 --port "$NPORT" --quiet > "$OUT/new-server.log" 2>&1 & pids+=($!)
  for log in base-server new-server; do
    await_started "$OUT/$log.log" || { echo "$log did not start: $(cat "$OUT/$log.log")" >&2; exit 1; }
  done
  # one measurement: $1 = jar, $2 = port, $3 = test name -> "Gbit/s client_s_per_gib server_s_per_gib"
  measure() {
    local f="$OUT/payload-$3-$2.json"
    case "$3" in
      async1) $PIN0 java -jar "$1" client 127.0.0.1 --port "$2" --mode async --length 1MiB --num-conn 1 --duration "${DUR}s" \
                --warmup 1s --json "$f" > /dev/null ;;
      async4) $PIN0 java -jar "$1" client 127.0.0.1 --port "$2" --mode async --length 1MiB --num-conn 4 --duration "${DUR}s" \
                --warmup 1s --json "$f" > /dev/null ;;
      backup8|restore8) $PIN0 java -jar "$1" bulk 127.0.0.1 --port "$2" --direction "${3%8}" --channels 8 \
                --duration "${DUR}s" --json "$f" > /dev/null ;;
    esac
    json "$f" "' '.join(str(round(x, 4)) for x in [d['summary'].get('throughput_gbps') or d['summary']['throughput_mib_s'] * 1048576 * 8 / 1e9, d['summary']['cpu']['local']['s_per_gib'], d['summary']['cpu']['remote']['s_per_gib']])"
  }
  declare -A res
  for r in $(seq 1 "$RUNS"); do
    for t in async1 async4 backup8 restore8; do
      res[$t,old]+="$(measure "$BASE_JAR" "$BPORT" "$t")|"
      res[$t,new]+="$(measure probe.jar "$NPORT" "$t")|"
    done
  done
  {
    echo
    echo "payload: $BASE_JAR (one random buffer repeated) vs probe.jar (unique per run), medians of $RUNS interleaved"
    echo "runs, server pinned to core 1 and client to core 0"
    printf '%-30s %9s %9s %7s %13s %13s %7s\n' "test" "old Gb/s" "new Gb/s" "ratio" "old CPU s/GiB" "new CPU s/GiB" "ratio"
    for t in async1 async4 backup8 restore8; do
      python3 - "$t" "${res[$t,old]}" "${res[$t,new]}" <<'PY'
import statistics, sys
name, old, new = sys.argv[1], sys.argv[2], sys.argv[3]
def med(runs, i): return statistics.median(float(r.split()[i]) for r in runs.strip('|').split('|'))
def cpu(runs): return statistics.median(float(r.split()[1]) + float(r.split()[2]) for r in runs.strip('|').split('|'))
label = {'async1': 'async 1 conn, 1 MiB', 'async4': 'async 4 conn, 1 MiB', 'backup8': 'bulk backup 8 ch, verified',
         'restore8': 'bulk restore 8 ch, verified'}[name]
go, gn, co, cn = med(old, 0), med(new, 0), cpu(old), cpu(new)
print(f"{label:30s} {go:9.2f} {gn:9.2f} {gn/go:7.2f} {co:13.3f} {cn:13.3f} {cn/co:7.2f}")
PY
    done
    echo "targets: throughput ratio >= 0.95, CPU ratio <= 1.10 (client + server CPU seconds per GiB moved)"
  } | tee -a "$OUT/summary.txt"
fi
