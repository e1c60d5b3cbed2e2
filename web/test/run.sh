#!/usr/bin/env bash
# Serves web/dist on 127.0.0.1, plays an AI battle of each ruleset in headless Chromium, checks
# each screenshot and that the browser's final state hash equals the desktop's for the same battle;
# then rebinds a key on the menu and checks it is kept in local storage; then leaves a battle
# mid-way and continues it from local storage.
# Usage: web/test/run.sh FRAY_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
fray="$1"
[ -f web/dist/index.html ] || { echo "web/dist is missing: run web/build.sh first"; exit 1; }
dpkg -s chromium >/dev/null 2>&1 || {
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
}
[ -d web/test/node_modules/playwright-core ] || npm install --prefix web/test --no-audit --no-fund --silent playwright-core@1
port=$((20000 + RANDOM % 20000))
python3 -m http.server --bind 127.0.0.1 "$port" --directory web/dist >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
# One battle of each ruleset (Zones, Coterie, Three actions), AI against AI: the browser must
# end each on the same final state hash as the desktop.
seats=normal,normal seed=7
for scenario in duel wizards-and-bandits the-alarm; do
  shot="${TMPDIR:-/tmp}/fray-web-$port-$scenario.png"
  # What the page said is printed whether or not the battle ended: a failure must show why.
  status=0
  out=$(node web/test/browser.mjs "http://127.0.0.1:$port/?scenario=$scenario&seats=$seats&seed=$seed&fast=1" "$shot" 420000) || status=$?
  echo "$out"
  [ "$status" = 0 ] || { echo "the browser test failed on $scenario (exit $status)"; exit 1; }
  python3 .ci/check-screenshot.py "$shot"
  # Every sound fetched beside the page (the page's cache then holds them for each blow).
  echo "$out" | tail -1 | python3 -c 'import json,sys; n = json.load(sys.stdin)["sounds"]; sys.exit(f"{n} of 17 sounds fetched" if n != 17 else 0)'
  web_line=$(echo "$out" | tail -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
  native_line=$("$fray" play "$scenario" --seats "$seats" --seed "$seed" --headless)
  echo "browser: $web_line"
  echo "desktop: $native_line"
  [ "${web_line##*hash=}" = "${native_line##*hash=}" ] || { echo "the browser and the desktop disagree on $scenario"; exit 1; }
  echo "$scenario: the same final state hash in the browser and on the desktop"
done
# The keys screen in the browser: a key rebound on the menu is kept in local storage and
# survives a reload.
node web/test/keys.mjs "http://127.0.0.1:$port/"
# Nothing lost in the browser: an AI battle left mid-way (the page closed) and opened again with
# ?continue=1 picks up from local storage and ends on the desktop's final hash.
status=0
out=$(node web/test/reload.mjs "http://127.0.0.1:$port" "scenario=the-alarm&seats=$seats&seed=$seed&fast=1" 420000) || status=$?
echo "$out"
[ "$status" = 0 ] || { echo "the reload test failed (exit $status)"; exit 1; }
web_line=$(echo "$out" | tail -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
native_line=$("$fray" play the-alarm --seats "$seats" --seed "$seed" --headless)
echo "browser, reloaded: $web_line"
echo "desktop:           $native_line"
[ "${web_line##*hash=}" = "${native_line##*hash=}" ] || { echo "the reloaded battle ended elsewhere"; exit 1; }
echo "the-alarm: reloaded mid-battle, the same final state hash as the desktop"
