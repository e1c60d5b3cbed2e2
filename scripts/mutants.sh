#!/usr/bin/env bash
# Mutation testing of the rules cores with cargo-mutants (`cargo install cargo-mutants`). Not in
# CI: a mutant is a build and a test run, and the three cores hold some 2,700 of them, hours on
# two cores. The default is the rules' arithmetic, function by function (efforts, harm, attacks,
# damage, saves: some 380 mutants; the odds shown to players and the legal-move lists are left out);
# each shard of it fits in minutes.
#
#   scripts/mutants.sh RULESET [K/N] [FILE...]
#     RULESET   coterie | teams | zones
#     K/N       run shard K of N (0-based; default 0/1, all of them)
#     FILE      files under crates/rules/src/RULESET/ to mutate whole, instead of the arithmetic
#
# Each run works in a copy of the tree (cargo-mutants' own), so the checkout is never touched,
# and writes its report to target/mutants/RULESET-K-of-N/mutants.out (missed.txt, caught.txt,
# outcomes.json); the last line printed is the tally.
set -euo pipefail
cd "$(dirname "$0")/.."

ruleset="${1:?coterie, teams or zones}"
shard="${2:-0/1}"
shift $(( $# > 1 ? 2 : 1 ))
# The arithmetic: each ruleset's files and, in them, the functions that compute a result (a
# mutant's name says "in FUNCTION" or "replace FUNCTION -> ...").
case "$ruleset" in
  coterie) files=(effort harm performance)
    fns='[A-Za-z_:]+' # every function of these three files is arithmetic
    tests=(-C--test=rulebook -C--test=coterie_battles) ;;
  teams) files=(attack harm roll)
    fns='damage|roll|killing_strike|clamp_u8|deal|cheat_death|fortify|free_defence|knock_out|kill|defence_test|roll_test|test_against|One::rank|TestSpec::[a-z_]+'
    tests=(-C--test=rulebook -C--test=teams_battles) ;;
  zones) files=(attack morale)
    fns='apply_damage|blow|save_to_hit|roll_for|non_lethal|land|hazard_damage|wear_out|deviate|kill|morale_phase|gear_degradation|durability|poison_ticks'
    tests=(-C--test=rulebook -C--test=battles) ;;
  *) echo "unknown ruleset '$ruleset': coterie, teams or zones" >&2; exit 2 ;;
esac
args=()
if [ $# -gt 0 ]; then files=("$@"); else args+=(--re "(in|replace) ($fns)( |$)"); fi
for f in "${files[@]}"; do args+=(-f "crates/rules/src/$ruleset/${f%.rs}.rs"); done

out="target/mutants/$ruleset-${shard/\//-of-}"
mkdir -p "$out"
# The rules core alone, without Bevy; the rulebook cases, the whole battles and the unit tests,
# and only they are built for each mutant (-C reaches the build as well as the run).
# One build folder kept between runs and shards (incremental), without debug info, and a
# minute's timeout: a mutant that loops is caught by it, not waited on for five.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/mutbuild}" CARGO_PROFILE_DEV_DEBUG=0
# The mutants are in fray-rules; the rulebook cases and whole battles that catch them are the
# root crate's tests, so the whole workspace is tested.
cargo mutants --no-default-features --test-workspace=true --shard "$shard" "${args[@]}" \
  --timeout 60 --output "$out" -C--lib "${tests[@]}" || true
python3 - "$out/mutants.out/outcomes.json" "$ruleset" "$shard" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
tally = {}
for m in o.get("outcomes", []):
    if m.get("scenario") == "Baseline":
        continue
    s = m.get("summary", "?")
    tally[s] = tally.get(s, 0) + 1
print(f"{sys.argv[2]} shard {sys.argv[3]}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
PY
