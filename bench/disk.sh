#!/usr/bin/env bash
# probe disk against fio (issue 16) on the same directory, in the same run, with the equivalent jobs:
#   oltp: 8 KiB random 70/30 at each outstanding count, probe's workers vs fio ioengine=psync numjobs=N (and
#         ioengine=libaio iodepth=N as the upper anchor); target probe IOPS >= 0.8 x fio psync at each N
#   dss:  1 MiB sequential reads and writes, N streams each walking its own region (fio offset_increment);
#         target probe MB/s >= 0.8 x fio
#   redo: 32 KiB sequential writes each followed by fdatasync (fio fdatasync=1; its per-write time is the write's
#         completion latency plus the sync's); target probe p50 <= 1.25 x fio's
# fio runs on the file probe wrote (kept for it). On a VM whose virtual disk sits in the host's page cache, the
# sequential figures swing by 2x from run to run for both tools; read the ratios of several runs.
#   bench/disk.sh [DIR]      (SIZE=2GiB POINT=5 DEPTHS="1 2 4 8 16" DSS_DEPTH=4)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-$PWD/target/disk-bench}
SIZE=${SIZE:-2GiB}; POINT=${POINT:-5}; DEPTHS=${DEPTHS:-"1 2 4 8 16"}; DSS_DEPTH=${DSS_DEPTH:-4}
command -v fio >/dev/null || { echo "installing fio" >&2; DEBIAN_FRONTEND=noninteractive apt-get install -y -q fio >/dev/null; }
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip -Dbundle.skip
mkdir -p "$DIR"
work=$(mktemp -d)
trap 'rm -rf "$work" "$DIR"/probe-disk-*.dat' EXIT
bytes=$(python3 -c "import sys; s=sys.argv[1]; u={'GiB':1<<30,'MiB':1<<20}; print(int(s[:-3])*u[s[-3:]])" "$SIZE")
max=${DEPTHS##* }
echo "fio $(fio --version), $(java -jar probe.jar --version | head -1), $DIR ($(findmnt -n -o FSTYPE --target "$DIR")), $SIZE files, ${POINT}s points"

# one probe run of every profile; --max-latency 10s so the oltp ladder measures every depth fio does; --keep so
# fio then runs on the very same file (same extents, and on a VM the same host cache state as far as it goes)
java -jar probe.jar disk --dir "$DIR" --size "$SIZE" --profile all --point "${POINT}s" --max-outstanding "$max" \
  --max-latency 10s --keep --json "$work/probe.json" > "$work/probe.txt"
file=$(ls "$DIR"/probe-disk-*.dat)

fio_job() { # name, extra args...: one fio run on $DIR/fio.dat, JSON to $work/NAME.json
  local name=$1; shift
  fio --name="$name" --filename="$file" --size="$bytes" --direct=1 --time_based --runtime="$POINT" \
      --group_reporting --output-format=json "$@" > "$work/$name.json"
}
for n in $DEPTHS; do
  fio_job "psync$n" --rw=randrw --rwmixread=70 --bs=8k --ioengine=psync --numjobs="$n"
  fio_job "libaio$n" --rw=randrw --rwmixread=70 --bs=8k --ioengine=libaio --iodepth="$n" --numjobs=1
done
per=$((bytes / DSS_DEPTH / 1048576 * 1048576))
fio_job seqread --rw=read --bs=1m --ioengine=psync --numjobs="$DSS_DEPTH" --size="$per" --offset_increment="$per"
fio_job seqwrite --rw=write --bs=1m --ioengine=psync --numjobs="$DSS_DEPTH" --size="$per" --offset_increment="$per"
fio_job redo --rw=write --bs=32k --ioengine=psync --fdatasync=1 --numjobs=1

python3 - "$work" "$DEPTHS" "$DSS_DEPTH" <<'PY'
import json, sys
work, depths, dss_depth = sys.argv[1], [int(d) for d in sys.argv[2].split()], int(sys.argv[3])
probe = json.load(open(f"{work}/probe.json"))["intervals"]
def point(workload, n, size=None):
    for p in probe:
        if p["workload"] == workload and p["outstanding"] == n and (size is None or p["io_size"] == size):
            return p
def fio(name):
    j = json.load(open(f"{work}/{name}.json"))["jobs"][0]
    return j
print("\noltp 8 KiB random 70/30 (IOPS)      probe    fio psync   ratio   fio libaio (anchor)")
for n in depths:
    p = point("oltp", n)
    f, a = fio(f"psync{n}"), fio(f"libaio{n}")
    fi = f["read"]["iops"] + f["write"]["iops"]
    ai = a["read"]["iops"] + a["write"]["iops"]
    print(f"  {n:3d} outstanding              {p['iops']:10.0f} {fi:10.0f}   {p['iops']/fi:5.2f}   {ai:10.0f}")
print(f"\ndss 1 MiB sequential, {dss_depth} streams (MB/s)  probe   fio   ratio")
for w, name, side in (("seq-read", "seqread", "read"), ("seq-write", "seqwrite", "write")):
    p = point(w, dss_depth)
    fm = fio(name)[side]["bw_bytes"] / 1e6
    print(f"  {w:10s}                   {p['mbps']:8.1f} {fm:8.1f}   {p['mbps']/fm:5.2f}")
r = point("redo", 1, 32768)
f = fio("redo")
fio_p50 = (f["write"]["clat_ns"]["percentile"]["50.000000"] + f["sync"]["lat_ns"]["percentile"]["50.000000"]) / 1e6
probe_p50 = r["write_latency_ms"]["p50"]
print(f"\nredo 32 KiB write + fdatasync p50 (ms)  probe {probe_p50:.3f}  fio {fio_p50:.3f} (write {f['write']['clat_ns']['percentile']['50.000000']/1e6:.3f} + sync {f['sync']['lat_ns']['percentile']['50.000000']/1e6:.3f})  ratio {probe_p50/fio_p50:.2f} (target <= 1.25)")
PY
echo; echo "probe disk --profile all, its own summary:"; sed -n '/^File system/,$p' "$work/probe.txt"
