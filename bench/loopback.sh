#!/usr/bin/env bash
# probe vs iperf3 / sockperf on loopback, in one run, on this machine.
#   bench/loopback.sh            (DUR=10 seconds per test; DUR=5 bench/loopback.sh for a quicker look)
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

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {'d': d}))" "$@"; }

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
