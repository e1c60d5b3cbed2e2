#!/usr/bin/env bash
# The best of N timings of `fray sim SCENARIO` (2,000 battles, seed 7, one thread) for each
# build given, the builds run in turn so that each sees the same minutes of a noisy machine.
# Usage: scripts/bestof.sh N SCENARIO BUILD...   (a build: the path of a `fray` program)
set -euo pipefail
n=$1 scenario=$2
shift 2
declare -A best
for _ in $(seq "$n"); do
  for b in "$@"; do
    v=$("$b" sim "$scenario" --games 2000 --seed 7 --threads 1 --json |
      grep -o '"battles_per_sec":[0-9]*' | cut -d: -f2)
    if [ -z "${best[$b]:-}" ] || [ "$v" -gt "${best[$b]}" ]; then best[$b]=$v; fi
  done
done
for b in "$@"; do echo "$scenario $b ${best[$b]}"; done
