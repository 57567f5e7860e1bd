#!/usr/bin/env python3
"""bench/profile.sh's readings: where each side's samples went, and perf stat's CPU per GiB.

    bench/profile-top.py OUT CASE     the hottest frames (self and total) of CASE's sender and receiver CPU profiles
                                      and the largest allocation sites
    bench/profile-top.py OUT perf     task-clock seconds per GiB of iperf3 and probe at each end, from perf stat
"""
import collections
import json
import sys

OUT, WHAT = sys.argv[1], sys.argv[2]
GIB = 2 ** 30


def stacks(path):
    with open(path) as f:
        for line in f:
            frames, _, count = line.rstrip("\n").rpartition(" ")
            if frames:
                yield frames.split(";"), int(count)


def group(frames):
    """A sample's family, so a profile reads as 'kernel', 'payload', 'crypto', ... at a glance: the JIT and the GC
    by the thread the stack runs on, the rest by its leaf frame."""
    stack = ";".join(frames).lower()
    if any(t in stack for t in ("compilebroker", "c2compiler", "c1compiler")):
        return "JIT"
    if any(t in stack for t in ("gctaskthread", "vmthread", "collectedheap", "g1collectedheap", "serialheap")):
        return "GC"
    leaf = frames[-1].lower()
    for key, name in (("[k]", "kernel"), ("unsafe.putlong", "payload"), ("keying", "payload"),
                      ("crc32c", "CRC32C"), ("md5", "MD5"), ("aes", "crypto"), ("gcm", "crypto"),
                      ("sslengine", "TLS"), ("ssl", "TLS"), ("copy", "copies"), ("memmove", "copies"),
                      ("epoll", "event loop"), ("hdrhistogram", "histogram"), ("tcpinfo", "TCP_INFO")):
        if key in leaf:
            return name
    return "other"


def top(path, n=12):
    self_, total, families = collections.Counter(), collections.Counter(), collections.Counter()
    all_ = 0
    for frames, count in stacks(path):
        all_ += count
        self_[frames[-1]] += count
        families[group(frames)] += count
        for f in set(frames):
            total[f] += count
    return all_, self_.most_common(n), total, families


def show_case(case):
    for side in ("sender", "receiver"):
        for ev in ("cpu", "alloc"):
            path = f"{OUT}/{case}-{ev}-{side}.collapsed"
            try:
                all_, hot, _, families = top(path)
            except FileNotFoundError:
                print(f"{case} {side} {ev}: no profile ({path})")
                continue
            unit = "samples" if ev == "cpu" else "allocation samples (one per 512 KiB)"
            print(f"{case} {side} {ev}: {all_} {unit}")
            if ev == "cpu":
                fam = ", ".join(f"{k} {v / all_:.0%}" for k, v in families.most_common(8))
                print(f"  families: {fam}")
            for frame, count in hot:
                print(f"  {count / max(1, all_):6.1%}  {frame[:120]}")


def perf_task_clock(path):
    with open(path) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) > 2 and parts[2] == "task-clock":
                return float(parts[0]) / 1000  # msec -> s
    raise ValueError(f"no task-clock in {path}")


def show_perf():
    print(f"{'perf stat, task-clock s/GiB (whole process)':44s} {'sender':>8s} {'receiver':>9s}")
    for n in (1, 8):
        d = json.load(open(f"{OUT}/iperf3-P{n}.json"))["end"]["sum_received"]
        gib = d["bytes"] / GIB
        print(f"{'iperf3 -P ' + str(n):44s} {perf_task_clock(f'{OUT}/iperf3-P{n}-sender.perf') / gib:8.3f} "
              f"{perf_task_clock(f'{OUT}/iperf3-P{n}-receiver.perf') / gib:9.3f}  ({d['bits_per_second'] / 1e9:.2f} Gbit/s)")
    for case in ("async1", "bulk8"):
        s = json.load(open(f"{OUT}/probe-{case}-perf.json"))["summary"]
        gib = (s.get("bytes") or s["bytes_received"]) / GIB  # bulk counts "bytes"; a client run both ends' bytes
        gbps = s.get("throughput_gbps") or s["throughput_mib_s"] * 1048576 * 8 / 1e9
        print(f"{'probe ' + case + ' (JVM start and exit included)':44s} "
              f"{perf_task_clock(f'{OUT}/probe-{case}-sender.perf') / gib:8.3f} "
              f"{perf_task_clock(f'{OUT}/probe-{case}-receiver.perf') / gib:9.3f}  ({gbps:.2f} Gbit/s)")


if WHAT == "perf":
    show_perf()
else:
    show_case(WHAT)
