#!/usr/bin/env bash
# probe disk --nfs against libnfs's nfs-cat (issue 44): one connection reading a 1 GiB file from the same export of
# nfs-ganesha (user space, FSAL_VFS, NFSv3 over TCP) on loopback, in a namespace of the script's own, in the same
# run, ROUNDS interleaved rounds, medians:
#   nfs-cat reads the export's 1 GiB file of random bytes to /dev/null (libnfs's nfs-cp does the same to a local
#          file, whose writing costs it more CPU than the reading: nfs-cat is the fairer anchor); its CPU is the whole
#          process's, user + system; a first read warms the server up and is not counted;
#   probe  disk --nfs --connections 1 --profile oltp,olap on a 1 GiB file of its own (random bytes): the oltp
#          ladder first (its points warm the JIT up: the first point of a JVM costs it twice the CPU), then 1 MiB
#          sequential READs at 1 outstanding (as nfs-cat reads) and at the best of 1, 2, 4; its CPU per GiB is the
#          whole JVM's during each point (the result's cpu_s_per_gib).
# Targets: probe MB/s >= 0.8 x nfs-cat's; probe CPU s/GiB <= 2 x nfs-cat's.
#   bench/nfs.sh      (ROUNDS=3 POINT=3)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}; POINT=${POINT:-3}
need=""
for pkg in nfs-ganesha nfs-ganesha-vfs rpcbind libnfs-utils; do dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"; done
[ -z "$need" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need >/dev/null
[ -f probe.jar ] || mvn -B -q package -DskipTests -Dbench.skip -Dbundle.skip
ns=nfsbench$$
work=$(mktemp -d)
export_dir=$work/export
mkdir -p "$export_dir"
cleanup() {
  pkill -f "ganesha.nfsd -F -f $work" 2>/dev/null || true
  [ -f "$work/rpcbind.pid" ] && kill "$(cat "$work/rpcbind.pid")" 2>/dev/null || true
  sleep 1
  ip netns del "$ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$ns"
ip netns exec "$ns" ip link set lo up
ip netns exec "$ns" /usr/sbin/rpcbind -f -w > "$work/rpcbind.log" 2>&1 &
echo $! > "$work/rpcbind.pid"
cat > "$work/ganesha.conf" <<CONF
NFS_CORE_PARAM { Protocols = 3; NFS_Port = 2049; MNT_Port = 20048; Enable_NLM = false; Enable_RQUOTA = false; }
NFSV4 { Graceless = true; }
EXPORT { Export_Id = 1; Path = $export_dir; Pseudo = $export_dir; Access_Type = RW; Squash = No_Root_Squash;
         Protocols = 3; Transports = TCP; SecType = sys; FSAL { Name = VFS; } }
LOG { Default_Log_Level = EVENT; }
CONF
sleep 0.5
ip netns exec "$ns" /usr/bin/ganesha.nfsd -F -f "$work/ganesha.conf" -L "$work/ganesha.log" -p "$work/ganesha.pid" \
  > "$work/ganesha.out" 2>&1 &
for _ in $(seq 1 100); do ip netns exec "$ns" bash -c 'echo > /dev/tcp/127.0.0.1/2049' 2>/dev/null && break; sleep 0.2; done
head -c 1073741824 /dev/urandom > "$export_dir/big.dat"
echo "$(java -jar probe.jar --version | head -1), libnfs-utils $(dpkg -s libnfs-utils | awk '/^Version/ {print $2}'),"\
  "nfs-ganesha $(dpkg -s nfs-ganesha | awk '/^Version/ {print $2}'), $(nproc) cores, ${POINT}s points, $ROUNDS rounds"

python3 - "$ns" "$work" "$export_dir" "$ROUNDS" "$POINT" <<'PY'
import json, resource, statistics, subprocess, sys, time
ns, work, export, rounds, point = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
GIB = 1 << 30
def run(cmd, to_null=False):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    p = subprocess.run(["ip", "netns", "exec", ns] + cmd, stdout=subprocess.DEVNULL if to_null else subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{cmd[0]} failed ({p.returncode}): {p.stderr.strip()[-400:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
cp_mbps, cp_cpu, one_mbps, one_cpu, best_mbps, best_cpu = [], [], [], [], [], []
url = f"nfs://127.0.0.1{export}/big.dat"
run(["nfs-cat", url], True)
for r in range(rounds):
    wall, cpu = run(["nfs-cat", url], True)
    cp_mbps.append(GIB / wall / 1e6); cp_cpu.append(cpu)
    out = f"{work}/probe-{r}.json"
    run(["java", "-jar", "probe.jar", "disk", "--nfs", f"127.0.0.1:{export}", "--connections", "1", "--profile",
         "oltp,olap", "--size", "1GiB", "--point", f"{point}s", "--max-outstanding", "4", "--json", out])
    reads = [p for p in json.load(open(out))["intervals"] if p["workload"] == "seq-read"]
    one = next(p for p in reads if p["outstanding"] == 1)
    best = max(reads, key=lambda p: p["mbps"])
    one_mbps.append(one["mbps"]); one_cpu.append(one["cpu_s_per_gib"])
    best_mbps.append(best["mbps"]); best_cpu.append(best["cpu_s_per_gib"])
    print(f"round {r + 1}: nfs-cat {cp_mbps[-1]:7.1f} MB/s {cp_cpu[-1]:.3f} CPU s/GiB; probe 1 outstanding "
          f"{one_mbps[-1]:7.1f} MB/s {one_cpu[-1]:.3f}; best ({best['outstanding']} outstanding) {best_mbps[-1]:7.1f} "
          f"MB/s {best_cpu[-1]:.3f}")
m = statistics.median
print("\n| test | probe | nfs-cat | ratio | target |\n|---|---|---|---|---|")
for name, p, c, le, target in (
        ("1 GiB sequential read, 1 conn, 1 outstanding (MB/s)", m(one_mbps), m(cp_mbps), False, 0.8),
        ("1 GiB sequential read, 1 conn, best of 1/2/4 outstanding (MB/s)", m(best_mbps), m(cp_mbps), False, 0.8),
        ("CPU s/GiB, 1 outstanding", m(one_cpu), m(cp_cpu), True, 2.0),
        ("CPU s/GiB, best", m(best_cpu), m(cp_cpu), True, 2.0)):
    ratio = p / c
    ok = ratio <= target if le else ratio >= target
    print(f"| {name} | {p:.3f} | {c:.3f} | {ratio:.2f} | {'<=' if le else '>='} {target} {'PASS' if ok else 'MISS'} |")
PY
