#!/bin/bash
# Two builds of probe side by side on loopback, interleaved: each test runs against each jar's own server in turn,
# so both see the same machine at the same minutes. Prints Gbit/s and each side's CPU seconds per GiB per run.
#   bench/ab.sh OLD.jar NEW.jar [async1|async4|bulk8 ...]       (default: all three)
#   DUR=8 RUNS=2 TLS=1 JAVA_OPTS_A="-Dx=1" JAVA_OPTS_B="..." bench/ab.sh ...
# JAVA_OPTS_A/_B go to that side's server and clients alike. TLS=1 runs both servers with --tls and the clients pinned to their fingerprints.
set -euo pipefail
A=$1 B=$2; shift 2
TESTS=("$@"); [ ${#TESTS[@]} -gt 0 ] || TESTS=(async1 async4 bulk8)
DUR=${DUR:-8}; RUNS=${RUNS:-2}; OUT=${OUT:-bench/out/ab}; mkdir -p "$OUT"
srv=(server --bind 127.0.0.1 --quiet); [ "${TLS:-0}" = 1 ] && srv+=(--tls)
# shellcheck disable=SC2086
java ${JAVA_OPTS_A:-} -jar "$A" "${srv[@]}" --port 16001 > "$OUT/a-server.log" 2>&1 & pa=$!
# shellcheck disable=SC2086
java ${JAVA_OPTS_B:-} -jar "$B" "${srv[@]}" --port 16002 > "$OUT/b-server.log" 2>&1 & pb=$!
trap 'kill $pa $pb 2>/dev/null' EXIT
for log in a-server b-server; do
  for _ in $(seq 100); do grep -q "started on" "$OUT/$log.log" && break; sleep 0.1; done
done
tls() { [ "${TLS:-0}" = 1 ] && echo "--tls --trust-fingerprint $(grep -o 'fingerprint [0-9A-F:]*' "$OUT/$1-server.log" | head -1 | awk '{print $2}')" || true; }
measure() { # side jar port test opts
  local f="$OUT/$1-$4.json"
  # shellcheck disable=SC2086
  case "$4" in
    async*) java $5 -jar "$2" client 127.0.0.1 --port "$3" $(tls "$1") --mode async --length 1MiB \
                     --num-conn "${4#async}" --duration "${DUR}s" --warmup 1s --json "$f" > /dev/null ;;
    bulk8) java $5 -jar "$2" bulk 127.0.0.1 --port "$3" $(tls "$1") --direction backup --channels 8 \
                     --duration "${DUR}s" --json "$f" > /dev/null ;;
  esac
  python3 - "$f" "$1" "$4" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["summary"]
g = d.get("throughput_gbps") or d["throughput_mib_s"] * 1048576 * 8 / 1e9
print(f"{sys.argv[3]:7s} {sys.argv[2]} {g:7.2f} Gbit/s  sender {d['cpu']['local']['s_per_gib']:.3f}  "
      f"receiver {d['cpu']['remote']['s_per_gib']:.3f} s/GiB")
PY
}
echo "bench/ab.sh: a = $A, b = $B, DUR=${DUR}s, RUNS=$RUNS, TLS=${TLS:-0}, $(nproc) cores"
for _ in $(seq "$RUNS"); do
  for t in "${TESTS[@]}"; do
    measure a "$A" 16001 "$t" "${JAVA_OPTS_A:-}"
    measure b "$B" 16002 "$t" "${JAVA_OPTS_B:-}"
  done
done
