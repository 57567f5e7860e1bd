#!/usr/bin/env python3
"""Compares a JMH run (-rf json) with the committed baseline and prints what got slower by more than 10 %.

    java -jar probe-bench/target/benchmarks.jar -f 1 -wi 3 -w 1s -i 5 -r 1s -rf json -rff /tmp/run.json
    bench/jmh-compare.py bench/jmh-baseline.json /tmp/run.json [--threshold 10]

Every benchmark and parameter set in both files gets a line (baseline, run, change); those slower than the
threshold are marked REGRESSION and listed at the end. Not a CI gate: these machines are noisy, so a regression
here is a reason to rerun and look (the baseline's error bars are printed beside it), not a verdict. Exit 0
always, unless a file cannot be read (2).
"""
import json
import sys


def load(path):
    try:
        with open(path) as f:
            runs = json.load(f)
    except (OSError, ValueError) as e:
        print(f"jmh-compare: {path}: {e}", file=sys.stderr)
        sys.exit(2)
    out = {}
    for r in runs:
        params = ",".join(f"{k}={v}" for k, v in sorted((r.get("params") or {}).items()))
        m = r["primaryMetric"]
        out[(r["benchmark"].rsplit(".", 2)[-2] + "." + r["benchmark"].rsplit(".", 1)[-1], params)] = (
            m["score"], m.get("scoreError"), m["scoreUnit"], r.get("mode", "avgt"))
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        sys.exit(2)
    threshold = 10.0
    if "--threshold" in argv:
        threshold = float(argv[argv.index("--threshold") + 1])
    base, run = load(argv[1]), load(argv[2])
    slower = []
    for key in sorted(base.keys() & run.keys()):
        b, berr, unit, mode = base[key]
        r = run[key][0]
        # average time: higher is slower; throughput modes: lower is slower
        change = (r - b) / b * 100 if mode in ("avgt", "sample", "ss") else (b - r) / b * 100
        mark = "REGRESSION" if change > threshold else ""
        err = f" ±{berr:.3g}" if isinstance(berr, (int, float)) and berr == berr else ""
        print(f"{key[0]:45} {key[1]:22} {b:12.3f}{err:10} {r:12.3f} {unit:8} {change:+6.1f} % {mark}")
        if mark:
            slower.append((key, change))
    for key in sorted(base.keys() - run.keys()):
        print(f"{key[0]:45} {key[1]:22} not in this run")
    print(f"\n{len(slower)} of {len(base.keys() & run.keys())} slower than the baseline by more than "
          f"{threshold:g} %" + (": " + ", ".join(f"{k[0]}({k[1]}) {c:+.1f} %" for k, c in slower) if slower else ""))


if __name__ == "__main__":
    main(sys.argv)
