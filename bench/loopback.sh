#!/usr/bin/env bash
# probe vs iperf3 / sockperf on loopback, in one run, on this machine.
#   bench/loopback.sh            (DUR=10 seconds per test; DUR=5 bench/loopback.sh for a quicker look)
#   BASE_REF=aac4352 bench/loopback.sh   also compares the payload with a build of an earlier main (issue 22:
#                                        its repeating payload against the unique one, throughput and CPU s/GiB,
#                                        RUNS rounds interleaved, medians); BASE_JAR=old/probe.jar uses a jar instead
# Targets: async >= 0.8 x iperf3 (-P 1 and -P 4); sync 1 KiB p50 <= 2.5 x sockperf ping-pong p50 (issue 2);
#          bulk backup, 8 channels, every chunk verified >= 0.8 x iperf3 -P 8 (issue 3);
#          objstore vs bulk on loopback is a CPU-efficiency figure (CPU s/GiB of client and server beside the MD5
#          floor): on two cores it measures MD5 passes, not the channel; bench/objstore-lab.sh has the target.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-10}
OUT=bench/out
mkdir -p "$OUT"
PPORT=${PPORT:-15555}; IPORT=${IPORT:-15201}; SPORT=${SPORT:-15111}; OPORT=${OPORT:-15580}

if ! command -v iperf3 >/dev/null || ! command -v sockperf >/dev/null; then
  echo "installing iperf3 and sockperf (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq iperf3 sockperf >/dev/null
fi
command -v python3 >/dev/null || { echo "bench/loopback.sh needs python3 to read JSON" >&2; exit 1; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

java -jar probe.jar server --bind 127.0.0.1 --port "$PPORT" --quiet --objectstore-port "$OPORT" --store discard \
  --allow-unsigned --bucket bench > "$OUT/probe-server.log" 2>&1 & pids+=($!)
iperf3 -s -B 127.0.0.1 -p "$IPORT" > "$OUT/iperf3-server.log" 2>&1 & pids+=($!)
sockperf sr --tcp -i 127.0.0.1 -p "$SPORT" > "$OUT/sockperf-server.log" 2>&1 & pids+=($!)
for _ in $(seq 1 100); do grep -q "Probe server started" "$OUT/probe-server.log" 2>/dev/null && break; sleep 0.1; done
sleep 1

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {'d': d}))" "$@"; }

iperf() { # $1 = parallel streams -> receiver Gbit/s
  iperf3 -c 127.0.0.1 -p "$IPORT" -P "$1" -t "$DUR" -O 1 -J > "$OUT/iperf3-P$1.json"
  json "$OUT/iperf3-P$1.json" "round(d['end']['sum_received']['bits_per_second'] / 1e9, 3)"
}
probe_async() { # $1 = connections -> receiver Gbit/s
  java -jar probe.jar client 127.0.0.1 --port "$PPORT" --mode async --length 1MiB --num-conn "$1" \
    --duration "${DUR}s" --warmup 1s --json "$OUT/probe-async-$1.json" > "$OUT/probe-async-$1.txt"
  json "$OUT/probe-async-$1.json" "round(d['summary']['throughput_mib_s'] * 1048576 * 8 / 1e9, 3)"
}

echo "probe loopback benchmark: $(date -u +%FT%TZ), $(nproc) cores, $(uname -r), DUR=${DUR}s"
i1=$(iperf 1);        p1=$(probe_async 1)
i4=$(iperf 4);        p4=$(probe_async 4)

sockperf pp --tcp -i 127.0.0.1 -p "$SPORT" -m 1024 -t "$DUR" --full-rtt > "$OUT/sockperf-pp.txt" 2>&1
s50=$(awk '/percentile 50.000 =/ {print $NF}' "$OUT/sockperf-pp.txt")
java -jar probe.jar client 127.0.0.1 --port "$PPORT" --mode sync --length 1KiB --duration "${DUR}s" --warmup 1s \
  --json "$OUT/probe-sync-1k.json" > "$OUT/probe-sync-1k.txt"
p50=$(json "$OUT/probe-sync-1k.json" "round(d['summary']['latency_ms']['p50'] * 1000, 2)")

# bulk backup, 8 channels, 1 GiB pieces, CRC32C verification on (the default), by duration
java -jar probe.jar bulk 127.0.0.1 --port "$PPORT" --direction backup --channels 8 --duration "${DUR}s" \
  --json "$OUT/probe-bulk-8.json" > "$OUT/probe-bulk-8.txt"
b8=$(json "$OUT/probe-bulk-8.json" "round(d['summary']['throughput_gbps'], 3)")
i8=$(iperf 8)

# objstore backup (real OCI SDK, multipart, MD5 at the server) vs bulk backup, 4 channels each
command -v openssl >/dev/null || { apt-get update -qq && apt-get install -y -qq openssl >/dev/null; }
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$OUT/oci-key.pem" 2>/dev/null
fp=$(openssl rsa -in "$OUT/oci-key.pem" -pubout -outform DER 2>/dev/null | openssl md5 -c | awk '{print $NF}')
printf '[DEFAULT]\nuser=ocid1.user.oc1..bench\nfingerprint=%s\ntenancy=ocid1.tenancy.oc1..bench\nregion=us-ashburn-1\nkey_file=%s\n' \
  "$fp" "$PWD/$OUT/oci-key.pem" > "$OUT/oci-config"
SPID=${pids[0]}
srvcpu() { awk '{print ($14 + $15) / 100}' "/proc/$SPID/stat"; }
c0=$(srvcpu)
java -jar probe.jar objstore backup --endpoint "http://127.0.0.1:$OPORT" --namespace probe --bucket bench \
  --config "$OUT/oci-config" --channels 4 --duration "${DUR}s" --json "$OUT/probe-objstore-4.json" > "$OUT/probe-objstore-4.txt"
o4=$(json "$OUT/probe-objstore-4.json" "round(d['summary']['throughput_gbps'], 3)")
c1=$(srvcpu)
java -jar probe.jar bulk 127.0.0.1 --port "$PPORT" --direction backup --channels 4 --duration "${DUR}s" \
  --json "$OUT/probe-bulk-4.json" > "$OUT/probe-bulk-4.txt"
b4=$(json "$OUT/probe-bulk-4.json" "round(d['summary']['throughput_gbps'], 3)")
c2=$(srvcpu)
gib() { json "$1" "d['summary']['bytes'] / 2**30"; }
ocli=$(json "$OUT/probe-objstore-4.json" "round((d['summary']['cpu']['local']['user_s'] + d['summary']['cpu']['local']['sys_s']) / (d['summary']['bytes'] / 2**30), 3)")
bcli=$(json "$OUT/probe-bulk-4.json" "round((d['summary']['cpu']['local']['user_s'] + d['summary']['cpu']['local']['sys_s']) / (d['summary']['bytes'] / 2**30), 3)")
osrv=$(python3 -c "print(round(($c1 - $c0) / $(gib "$OUT/probe-objstore-4.json"), 3))")
bsrv=$(python3 -c "print(round(($c2 - $c1) / $(gib "$OUT/probe-bulk-4.json"), 3))")
md5floor=$(java bench/Md5Floor.java)

ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
verdict() { python3 -c "print('PASS' if $1 else 'MISS')"; }
r1=$(ratio "$p1" "$i1"); r4=$(ratio "$p4" "$i4"); rs=$(ratio "$p50" "$s50"); r8=$(ratio "$b8" "$i8"); ro=$(ratio "$o4" "$b4")
{
  printf '%-44s %12s %12s %8s %8s\n' "test" "probe" "reference" "ratio" "target"
  printf '%-44s %12s %12s %8s %8s\n' "async 1 conn, 1 MiB msgs vs iperf3 -P 1 (Gbit/s)" "$p1" "$i1" "$r1" ">=0.8 $(verdict "$r1 >= 0.8")"
  printf '%-44s %12s %12s %8s %8s\n' "async 4 conn, 1 MiB msgs vs iperf3 -P 4 (Gbit/s)" "$p4" "$i4" "$r4" ">=0.8 $(verdict "$r4 >= 0.8")"
  printf '%-44s %12s %12s %8s %8s\n' "sync 1 KiB p50 RTT vs sockperf pp p50 (us)" "$p50" "$s50" "$rs" "<=2.5 $(verdict "$rs <= 2.5")"
  printf '%-44s %12s %12s %8s %8s\n' "bulk backup 8 ch, verified vs iperf3 -P 8 (Gbit/s)" "$b8" "$i8" "$r8" ">=0.8 $(verdict "$r8 >= 0.8")"
  printf '%-44s %12s %12s %8s %8s\n' "objstore backup 4 ch (OCI SDK) vs bulk 4 ch (Gbit/s)" "$o4" "$b4" "$ro" "(CPU)"
  printf '%-44s %12s %12s\n' "CPU s/GiB, client: objstore vs bulk" "$ocli" "$bcli"
  printf '%-44s %12s %12s\n' "CPU s/GiB, server: endpoint vs probe port" "$osrv" "$bsrv"
  printf '%-44s %12s\n' "MD5 floor, one core (s/GiB)" "$md5floor"
} | tee "$OUT/summary.txt"

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
    for _ in $(seq 1 100); do grep -q "Probe server started" "$OUT/$log.log" 2>/dev/null && break; sleep 0.1; done
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
