#!/usr/bin/env bash
# Instructions per random battle of `fray sim SCENARIO` (one thread, seed 7), counted by
# valgrind's callgrind: unlike a timing, the same build gives the same count on any run, so a
# change to the referee's speed shows even on a machine whose timings swing by a third.
# The count of a run with no battles (loading the scenario and the catalogue) is taken off.
# A count is not a time: a change that trades work for branches the processor guesses wrong
# counts fewer and may run no faster, so a gain it shows is confirmed with scripts/bestof.sh.
# Usage: scripts/instructions.sh GAMES SCENARIO BUILD...   (a build: the path of a `fray` program)
set -euo pipefail
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)"; exit 2; }
games=$1 scenario=$2
shift 2
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" sim "$scenario" \
    --games "$2" --seed 7 --threads 1 --json 2>&1 >/dev/null |
    grep -o 'refs: *[0-9,]*' | tr -dc 0-9
}
for b in "$@"; do
  all=$(count "$b" "$games") none=$(count "$b" 0)
  echo "$scenario $b $(((all - none) / games)) instructions a battle"
done
