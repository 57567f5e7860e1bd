#!/usr/bin/env bash
# Soak of `probe monitor` (issue 26): a monitor on a fast schedule against a probe server on loopback for an hour,
# /probe scraped beside it, sampled once a minute: RSS (/proc), live heap after a full GC (jcmd), the /metrics scrape
# time (curl), and the check counters. Passes when RSS and heap of the last ten minutes have grown by at most 10 %
# over the first ten minutes' (a leak grows; the live heap of ~8 MiB moves by a MiB with the check in flight at the
# sample, either way) and every scheduled check is accounted for (ok + failed + missed = due). Not run by CI.
# The monitor's own service settings (share/systemd/probe-monitor@.service):
#   JAVA_OPTS="-Xms64m -Xmx64m -XX:+AlwaysPreTouch" MALLOC_ARENA_MAX=2 bench/soak.sh
#   bench/soak.sh                         (DURATION=3600 s; JAR=probe.jar; JAVA_OPTS="-Xmx256m")
#   DURATION=600 bench/soak.sh            (a shorter look; the windows shrink to a sixth of the run)
# Writes bench/out/soak-DATE.csv (one row a minute) and prints the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-3600}
JAR=${JAR:-probe.jar}
JAVA_OPTS=${JAVA_OPTS:--Xmx256m}
EVERY=2
STREAM_EVERY=30
SAMPLE=${SAMPLE:-60}
[ -f "$JAR" ] || mvn -B -q install -DskipTests -Dbench.skip -Dbundle.skip
work=$(mktemp -d)
mkdir -p bench/out
csv=bench/out/soak-$(date +%Y%m%d-%H%M).csv
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
mport=$(free_port)
java -Xmx256m -jar "$JAR" server --bind 127.0.0.1 --port "$port" > "$work/server.log" 2>&1 &
pids+=($!)
echo "monitor: java $JAVA_OPTS${MALLOC_ARENA_MAX:+ (MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX)}"
# shellcheck disable=SC2086
java $JAVA_OPTS -jar "$JAR" monitor 127.0.0.1 --port "$port" --every ${EVERY}s --sync-length 1s \
  --stream-every ${STREAM_EVERY}s --duty-cap 0.1 --listen 127.0.0.1:"$mport" > "$work/monitor.log" 2>&1 &
monitor=$!
pids+=($monitor)
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$mport/metrics" >/dev/null && break
  sleep 0.2
done
jcmd "$monitor" GC.run >/dev/null   # the start-up's garbage out of the first sample
start=$(date +%s)
series() { # $1 = scrape text, $2 = series regex: its value or 0
  echo "$1" | awk -v s="$2" '$0 ~ "^"s" " {v=$2} END {print v+0}'
}
echo "minute,t_s,rss_kib,heap_live_kib,scrape_ms,sync_ok,sync_failed,sync_missed,stream_ok,stream_failed,stream_missed,probe_scrapes" > "$csv"
probes=0
minute=0
while [ $(( $(date +%s) - start )) -lt "$DURATION" ]; do
  for _ in $(seq $((SAMPLE / 10))); do
    curl -sf -H 'X-Prometheus-Scrape-Timeout-Seconds: 5' \
      "http://127.0.0.1:$mport/probe?target=127.0.0.1:$port&module=sync" >/dev/null && probes=$((probes + 1))
    sleep 10
  done
  minute=$((minute + 1))
  kill -0 "$monitor" || { echo "soak: the monitor died; its log:"; tail -20 "$work/monitor.log"; exit 1; }
  rss=$(awk '/VmRSS/ {print $2}' /proc/$monitor/status)
  jcmd "$monitor" GC.run >/dev/null
  heap=$(jcmd "$monitor" GC.heap_info | awk '/garbage-first heap|def new generation|PSYoungGen/ {for (i=1;i<=NF;i++) if ($i=="used") {v=$(i+1); sub("K,?","",v); print v; exit}}')
  t=$(curl -s -o "$work/scrape" -w '%{time_total}' "http://127.0.0.1:$mport/metrics")
  text=$(cat "$work/scrape")
  row="$minute,$(( $(date +%s) - start )),$rss,$heap,$(awk -v t="$t" 'BEGIN {printf "%.2f", t * 1000}')"
  for c in sync stream; do
    row="$row,$(series "$text" "dgprobe_checks_total\\{check=\"$c\",result=\"ok\".*\\}")"
    row="$row,$(series "$text" "dgprobe_checks_total\\{check=\"$c\",result=\"failed\".*\\}")"
    row="$row,$(series "$text" "dgprobe_checks_missed_total\\{check=\"$c\".*\\}")"
  done
  echo "$row,$probes" | tee -a "$csv"
done
elapsed=$(( $(date +%s) - start ))
python3 - "$csv" "$elapsed" "$EVERY" "$STREAM_EVERY" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
elapsed, every, stream_every = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
w = max(1, len(rows) // 6)
first, last = rows[:w], rows[-w:]
def avg(rs, k): return sum(float(r[k]) for r in rs) / len(rs)
ok = True
for k, name in (("rss_kib", "RSS"), ("heap_live_kib", "live heap after GC")):
    a, b = avg(first, k), avg(last, k)
    change = (b - a) / a * 100
    ok &= change <= 10
    print(f"{name}: first {w} samples {a / 1024:.1f} MiB, last {w} samples {b / 1024:.1f} MiB ({change:+.1f} %)")
end = rows[-1]
scrape = sorted(float(r["scrape_ms"]) for r in rows)
print(f"/metrics scrape: median {scrape[len(scrape) // 2]:.1f} ms, max {scrape[-1]:.1f} ms over {len(rows)} scrapes")
for c, e in (("sync", every), ("stream", stream_every)):
    done = sum(float(end[f"{c}_{x}"]) for x in ("ok", "failed", "missed"))
    due = int(end["t_s"]) / e
    print(f"{c} checks: {float(end[c + '_ok']):.0f} ok, {float(end[c + '_failed']):.0f} failed, "
          f"{float(end[c + '_missed']):.0f} missed of about {due:.0f} due")
    ok &= float(end[c + "_failed"]) == 0 and abs(done - due) <= max(2, 0.02 * due)
print(f"/probe scrapes answered: {end['probe_scrapes']}")
print(("PASS" if ok else "FAIL") + f": {elapsed} s soak, samples in {sys.argv[1]}")
sys.exit(0 if ok else 1)
EOF
