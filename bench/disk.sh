#!/usr/bin/env bash
# probe disk against fio (issue 16) on the same directory, in the same run, with the equivalent jobs:
#   oltp: 8 KiB random 70/30 at each outstanding count, probe's workers vs fio ioengine=psync numjobs=N (and
#         ioengine=libaio iodepth=N as the upper anchor); target probe IOPS >= 0.8 x fio psync at each N
#   dss:  1 MiB sequential reads and writes, N streams each walking its own region (fio offset_increment);
#         target probe MB/s >= 0.8 x fio
#   redo: 32 KiB sequential writes each followed by fdatasync (fio fdatasync=1; its per-write time is the write's
#         completion latency plus the sync's); target probe p50 <= 1.25 x fio's
# fio runs twice, before and after probe (on a file of its own, laid out once), and probe is compared with the
# mean of the two; the spread of fio's two rounds is printed too. On a VM whose virtual disk sits in the host's
# page cache the sequential figures swing by 2x from run to run for both tools: read the ratios with that spread.
#   bench/disk.sh [DIR]      (SIZE=2GiB POINT=5 DEPTHS="1 2 4 8 16" DSS_DEPTH=4)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-$PWD/target/disk-bench}
SIZE=${SIZE:-2GiB}; POINT=${POINT:-5}; DEPTHS=${DEPTHS:-"1 2 4 8 16"}; DSS_DEPTH=${DSS_DEPTH:-4}
command -v fio >/dev/null || { echo "installing fio" >&2; DEBIAN_FRONTEND=noninteractive apt-get install -y -q fio >/dev/null; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip -Dbundle.skip
mkdir -p "$DIR"
work=$(mktemp -d)
trap 'rm -rf "$work" "$DIR"/fio.dat' EXIT
bytes=$(python3 -c "import sys; s=sys.argv[1]; u={'GiB':1<<30,'MiB':1<<20}; print(int(s[:-3])*u[s[-3:]])" "$SIZE")
max=${DEPTHS##* }
echo "fio $(fio --version), $(java -jar probe.jar --version | head -1), $DIR ($(findmnt -n -o FSTYPE --target "$DIR")), $SIZE files, ${POINT}s points"

fio_job() { # round, name, extra args...: one fio run on $DIR/fio.dat, JSON to $work/ROUND-NAME.json
  local round=$1 name=$2; shift 2
  fio --name="$name" --filename="$DIR/fio.dat" --size="$bytes" --direct=1 --time_based --runtime="$POINT" \
      --group_reporting --output-format=json "$@" > "$work/$round-$name.json"
}
fio_round() {
  local r=$1 n per=$((bytes / DSS_DEPTH / 1048576 * 1048576))
  for n in $DEPTHS; do
    fio_job "$r" "psync$n" --rw=randrw --rwmixread=70 --bs=8k --ioengine=psync --numjobs="$n"
    fio_job "$r" "libaio$n" --rw=randrw --rwmixread=70 --bs=8k --ioengine=libaio --iodepth="$n" --numjobs=1
  done
  fio_job "$r" seqread --rw=read --bs=1m --ioengine=psync --numjobs="$DSS_DEPTH" --size="$per" --offset_increment="$per"
  fio_job "$r" seqwrite --rw=write --bs=1m --ioengine=psync --numjobs="$DSS_DEPTH" --size="$per" --offset_increment="$per"
  fio_job "$r" redo --rw=write --bs=32k --ioengine=psync --fdatasync=1 --numjobs=1
}
fio --name=layout --filename="$DIR/fio.dat" --size="$bytes" --rw=write --bs=1m --direct=1 --output-format=json > /dev/null
fio_round a
# one probe run of every profile; --max-latency 10s so the oltp ladder measures every depth fio does
java -jar probe.jar disk --dir "$DIR" --size "$SIZE" --profile all --point "${POINT}s" --max-outstanding "$max" \
  --max-latency 10s --json "$work/probe.json" > "$work/probe.txt"
fio_round b

# dss, symmetric: each tool on a freshly written file of its own, climbing the same ladder 1, 2, ... DSS_DEPTH of
# sequential reads then writes, DSS_RUNS times alternately (the VM's host cache favours whoever reads data just
# touched, so neither reads the other's)
dss_ladder="$(n=1; while [ "$n" -lt "$DSS_DEPTH" ]; do printf '%s ' "$n"; n=$((n * 2)); done; echo "$DSS_DEPTH")"
for run in $(seq "${DSS_RUNS:-2}"); do
  java -jar probe.jar disk --dir "$DIR" --size "$SIZE" --profile dss --point "${POINT}s" --max-outstanding "$DSS_DEPTH" \
    --json "$work/dss-probe-$run.json" > /dev/null
  rm -f "$DIR/fio.dat"
  fio --name=layout --filename="$DIR/fio.dat" --size="$bytes" --rw=write --bs=1m --direct=1 --output-format=json > /dev/null
  for rw in read write; do
    for n in $dss_ladder; do
      per=$((bytes / n / 1048576 * 1048576))
      fio_job "dss$run" "seq$rw$n" --rw="$rw" --bs=1m --ioengine=psync --numjobs="$n" --size="$per" --offset_increment="$per"
    done
  done
done

python3 - "$work" "$DEPTHS" "$DSS_DEPTH" "${DSS_RUNS:-2}" <<'PY'
import json, sys, statistics
work, depths, dss_depth, dss_runs = sys.argv[1], [int(d) for d in sys.argv[2].split()], int(sys.argv[3]), int(sys.argv[4])
probe = json.load(open(f"{work}/probe.json"))["intervals"]
def point(workload, n, size=None):
    for p in probe:
        if p["workload"] == workload and p["outstanding"] == n and (size is None or p["io_size"] == size):
            return p
def rounds(name):
    return [json.load(open(f"{work}/{r}-{name}.json"))["jobs"][0] for r in "ab"]
def mean(name, f):
    a, b = (f(j) for j in rounds(name))
    return (a + b) / 2, a, b
iops = lambda j: j["read"]["iops"] + j["write"]["iops"]
print("\nfio ran before (a) and after (b) probe; ratio = probe / mean(a, b)")
print("\noltp 8 KiB random 70/30 (IOPS)   probe   fio psync (a / b)       ratio   fio libaio (anchor)   target >= 0.8")
for n in depths:
    p = point("oltp", n)
    m, a, b = mean(f"psync{n}", iops)
    lm, _, _ = mean(f"libaio{n}", iops)
    print(f"  {n:3d} outstanding          {p['iops']:8.0f} {m:8.0f} ({a:.0f} / {b:.0f})   {p['iops']/m:5.2f}   {lm:8.0f}")
print(f"\ndss 1 MiB sequential, {dss_depth} streams (MB/s): the bracketed rounds above, then the symmetric runs")
for w, name, side in (("seq-read", "seqread", "read"), ("seq-write", "seqwrite", "write")):
    p = point(w, dss_depth)
    m, a, b = mean(name, lambda j: j[side]["bw_bytes"] / 1e6)
    print(f"  {w:10s} bracketed          probe {p['mbps']:7.1f}  fio {m:7.1f} ({a:.0f} / {b:.0f})   ratio {p['mbps']/m:5.2f}")
    pr, fr = [], []
    for run in range(1, dss_runs + 1):
        pts = json.load(open(f"{work}/dss-probe-{run}.json"))["intervals"]
        pr.append(next(x["mbps"] for x in pts if x["workload"] == w and x["outstanding"] == dss_depth))
        fr.append(json.load(open(f"{work}/dss{run}-seq{side}{dss_depth}.json"))["jobs"][0][side]["bw_bytes"] / 1e6)
    pm, fm = statistics.median(pr), statistics.median(fr)
    print(f"  {w:10s} symmetric, {dss_runs} runs  probe {pm:7.1f} ({' / '.join(f'{x:.0f}' for x in pr)})  fio {fm:7.1f} "
          f"({' / '.join(f'{x:.0f}' for x in fr)})   ratio {pm/fm:5.2f}   target >= 0.8")
r = point("redo", 1, 32768)
pct = lambda j: (j["write"]["clat_ns"]["percentile"]["50.000000"] + j["sync"]["lat_ns"]["percentile"]["50.000000"]) / 1e6
m, a, b = mean("redo", pct)
probe_p50 = r["write_latency_ms"]["p50"]
print(f"\nredo 32 KiB write + fdatasync p50 (ms)  probe {probe_p50:.3f}  fio {m:.3f} ({a:.3f} / {b:.3f}; its write "
      f"completion plus its sync)  ratio {probe_p50/m:.2f} (target <= 1.25)")
PY
echo; echo "probe disk --profile all, its own summary:"; sed -n '/^File system/,$p' "$work/probe.txt"
