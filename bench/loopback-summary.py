#!/usr/bin/env python3
"""bench/loopback.sh's table: medians over RUNS interleaved rounds of the JSON files it left in OUT.

    bench/loopback-summary.py OUT RUNS      prints the table; also writes OUT/summary.md (README's "Speed" table)
"""
import json
import re
import statistics
import sys

OUT, RUNS = sys.argv[1], int(sys.argv[2])
GIB = 2 ** 30


def load(name, r):
    with open(f"{OUT}/r{r}-{name}.json") as f:
        return json.load(f)


def med(values):
    return statistics.median(values)


def probe(name):
    """Medians of probe's Gbit/s, sender and receiver CPU s/GiB, and the JVM's share (JIT+GC) of each side's CPU."""
    rows = []
    for r in range(1, RUNS + 1):
        s = load(name, r)["summary"]
        gbps = s.get("throughput_gbps") or s["throughput_mib_s"] * 1048576 * 8 / 1e9
        loc, rem = s["cpu"]["local"], s["cpu"]["remote"]
        jvm = [(c.get("jit_s", 0) + c.get("gc_s", 0)) / max(1e-9, c["user_s"] + c["sys_s"]) for c in (loc, rem)]
        gc = [c.get("gc_s", 0) / max(1e-9, c["user_s"] + c["sys_s"]) for c in (loc, rem)]
        rows.append((gbps, loc["s_per_gib"], rem["s_per_gib"], jvm[0], jvm[1], gc[0], gc[1]))
    return [med(col) for col in zip(*rows)]


def iperf(n):
    """Medians of iperf3 -P n: Gbit/s, sender (client) and receiver (server) CPU s/GiB."""
    rows = []
    for r in range(1, RUNS + 1):
        d = load(f"iperf3-P{n}", r)["end"]
        recv, cpu = d["sum_received"], d["cpu_utilization_percent"]
        gib = recv["bytes"] / GIB
        rows.append((recv["bits_per_second"] / 1e9, cpu["host_total"] / 100 * recv["seconds"] / gib,
                     cpu["remote_total"] / 100 * recv["seconds"] / gib))
    return [med(col) for col in zip(*rows)]


rows = []  # (test, probe, reference, ratio, target text, pass)


def add(test, p, ref, target, higher_is_better):
    ratio = p / ref if ref else float("nan")
    if target == float("inf"):  # a figure shown beside another, no target
        rows.append((test, p, ref, ratio, "", ""))
        return
    ok = ratio >= target if higher_is_better else ratio <= target
    rows.append((test, p, ref, ratio, (">=" if higher_is_better else "<=") + f"{target:g}", "PASS" if ok else "MISS"))


a1, i1, a4, i4, b8, i8 = probe("async1"), iperf(1), probe("async4"), iperf(4), probe("bulk8"), iperf(8)
t1, tb = probe("async1-tls"), probe("bulk8-tls")
add("async 1 conn vs iperf3 -P 1 (Gbit/s)", a1[0], i1[0], 1.0, True)
add("async 4 conn vs iperf3 -P 4 (Gbit/s)", a4[0], i4[0], 0.8, True)
sync = json.load(open(f"{OUT}/probe-sync-1k.json"))["summary"]["latency_ms"]["p50"] * 1000
sp = float(re.search(r"percentile 50.000 =\s*([0-9.]+)", open(f"{OUT}/sockperf-pp.txt").read()).group(1))
add("sync 1 KiB p50 RTT vs sockperf pp (us)", sync, sp, 2.5, False)
add("bulk backup 8 ch, verified, vs iperf3 -P 8 (Gbit/s)", b8[0], i8[0], 1.1, True)
for label, p, i in (("async 1", a1, i1), ("async 4", a4, i4), ("bulk 8", b8, i8)):
    add(f"CPU s/GiB sender, {label} vs iperf3", p[1], i[1], 0.9, False)
    add(f"CPU s/GiB receiver, {label} vs iperf3", p[2], i[2], 0.9, False)
add("TLS async 1 conn vs plaintext (Gbit/s)", t1[0], a1[0], 0.85, True)
add("TLS bulk 8 ch vs plaintext (Gbit/s)", tb[0], b8[0], 0.7, True)
add("CPU s/GiB sender, TLS async 1 vs plaintext", t1[1], a1[1], float("inf"), False)
add("CPU s/GiB receiver, TLS async 1 vs plaintext", t1[2], a1[2], float("inf"), False)
add("CPU s/GiB sender, TLS bulk 8 vs plaintext", tb[1], b8[1], float("inf"), False)
add("CPU s/GiB receiver, TLS bulk 8 vs plaintext", tb[2], b8[2], float("inf"), False)

obj = json.load(open(f"{OUT}/probe-objstore-4.json"))["summary"]
blk = json.load(open(f"{OUT}/probe-bulk-4.json"))["summary"]
srv = json.load(open(f"{OUT}/objstore-server-cpu.json"))
add("objstore backup 4 ch (OCI SDK) vs bulk 4 ch (Gbit/s)", obj["throughput_gbps"], blk["throughput_gbps"], 0.4, True)
rows.append(("CPU s/GiB client, objstore vs bulk 4", obj["cpu"]["local"]["s_per_gib"], blk["cpu"]["local"]["s_per_gib"],
             obj["cpu"]["local"]["s_per_gib"] / blk["cpu"]["local"]["s_per_gib"], "", ""))
og, bg = obj["bytes"] / GIB, blk["bytes"] / GIB
rows.append(("CPU s/GiB server, endpoint vs probe port", srv["objstore_server_cpu_s"] / og, srv["bulk4_server_cpu_s"] / bg,
             (srv["objstore_server_cpu_s"] / og) / (srv["bulk4_server_cpu_s"] / bg), "", ""))

print(f"{'test (medians of ' + str(RUNS) + ' interleaved rounds)':56s} {'probe':>9s} {'reference':>10s} {'ratio':>7s} "
      f"{'target':>8s}")
for test, p, ref, ratio, target, verdict in rows:
    print(f"{test:56s} {p:9.3f} {ref:10.3f} {ratio:7.2f} {target:>6s} {verdict}")
print(f"{'MD5 floor, one core (s/GiB)':56s} {srv['md5_floor_s_per_gib']:9.3f}")
print(f"JVM's own share (JIT + GC threads) of probe's CPU: async 1 client {a1[3]:.0%} server {a1[4]:.0%}, "
      f"bulk 8 client {b8[3]:.0%} server {b8[4]:.0%}; of it GC: async 1 {a1[5]:.0%}/{a1[6]:.0%}, "
      f"bulk 8 {b8[5]:.0%}/{b8[6]:.0%} (first round pays the JIT)")

with open(f"{OUT}/summary.md", "w") as md:
    md.write("| test | probe | reference | ratio | target |\n|---|---|---|---|---|\n")
    for test, p, ref, ratio, target, verdict in rows:
        target = f"{target.replace('>=', '>= ').replace('<=', '<= ')} {verdict}"
        md.write(f"| {test} | {p:.3f} | {ref:.3f} | {ratio:.2f} | {target.strip()} |\n")
