#!/usr/bin/env bash
# probe against iperf3 and sockperf (Debian's, installed if missing) on this machine, in one interleaved run: every
# ratio issue 61 sets a target for, with the CPU it ran on, so any machine is checked the same way.
#   bench/compare.sh                 DUR=10 s per test, RUNS=3 interleaved rounds, medians
#   DUR=5 RUNS=1 bench/compare.sh    a quicker look
# Prints the table and writes it, headed by the CPU model, to bench/out/compare.md (docs/speed.md keeps them).
# The measurements are bench/loopback.sh's (without its memory and transport sections); the ratios and targets are
# bench/loopback-summary.py's.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
head="$(date -u +%F), $(cpu_model), $(nproc) cores, $(uname -r), DUR=${DUR:-10}s, RUNS=${RUNS:-3}"
echo "compare: $head"
MEMORY=0 TRANSPORTS=0 bench/loopback.sh
{ echo "$head"; echo; cat bench/out/summary.md; } > bench/out/compare.md
echo "table for docs/speed.md: bench/out/compare.md"
