#!/usr/bin/env bash
# Random battles a second on every shipped scenario (`assets/scenarios/`), the best of N runs
# of `fray sim` (2,000 battles, seed 7, one thread) for each build given, the builds run in
# turn scenario by scenario so that each sees the same minutes of a noisy machine; a row
# below the goal (10,000 a second, ARCHITECTURE.md) is marked.
# Usage: scripts/speed.sh N BUILD...   (a build: the path of a `fray` program built --release)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/speed.sh N BUILD..."; exit 2; }
n=$1
shift
goal=10000
printf '%-22s' scenario
for b in "$@"; do printf ' %14s' "$(basename "$b")"; done
echo
for file in assets/scenarios/*.ron; do
  scenario=$(basename "$file" .ron)
  printf '%-22s' "$scenario"
  while read -r _ _ best; do
    mark=" "
    [ "$best" -lt "$goal" ] && mark="<"
    printf ' %13s%s' "$best" "$mark"
  done < <(scripts/bestof.sh "$n" "$scenario" "$@")
  echo
done
echo "< below the goal of $goal random battles a second"
