#!/usr/bin/env bash
# The README's screenshots: one battle of each ruleset at 1280×720, taken by `fray play
# --screenshot` in the real window under Xvfb, each checked to show its tokens as pictures
# (.ci/check-screenshot.py --tokens fails on a board of flat colour). CI runs it into its own
# folder; run it with no arguments to remake docs/screenshots/ after a change to the board.
#
#   scripts/screenshots.sh [FRAY [FOLDER]]
#     FRAY    the game's binary (default: the debug build in $CARGO_TARGET_DIR or target/)
#     FOLDER  where the pictures go (default: docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
fray="${1:-${CARGO_TARGET_DIR:-target}/debug/fray}"
out="${2:-docs/screenshots}"
mkdir -p "$out"
for shot in zones:hold-the-mill teams:goblin-ambush coterie:wizards-and-bandits; do
  ruleset="${shot%%:*}"
  scenario="${shot#*:}"
  # A folder of its own for the preferences and saves, so no earlier game is continued.
  prefs="$(mktemp -d)"
  FRAY_CONFIG_DIR="$prefs" timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
    "$fray" play "$scenario" --seats human,ai --frames 60 --screenshot "$out/$ruleset.png" \
    >/dev/null 2>&1
  rm -rf "$prefs"
  python3 .ci/check-screenshot.py "$out/$ruleset.png" --tokens
done
# A Three-actions turn under way, as a person sees it: the goblin given the turn, its verbs on
# the left and the squares it can reach lit on the board (the first move's in full cyan).
prefs="$(mktemp -d)"
FRAY_CONFIG_DIR="$prefs" timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
  "$fray" play goblin-ambush --seats human,ai --take 1 --frames 80 --screenshot "$out/teams-turn.png" \
  >/dev/null 2>&1
rm -rf "$prefs"
python3 .ci/check-screenshot.py "$out/teams-turn.png" --tokens --colour 77,230,255
# A major victory's harm, as cards: the three players take their menu's first choices until
# the harm (seed 4 gives them a major victory in the first phase), then open "a major harm" and
# its "injuries". The option's card and, under it, the GM's fall-back as a card of its own; the
# push-back it would deal framed red on the track.
prefs="$(mktemp -d)"
FRAY_CONFIG_DIR="$prefs" timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
  "$fray" play wizards-and-bandits --seats person,person,person --seed 4 --take 30 \
  --take-until Harm --open 0,1 --frames 400 --screenshot "$out/coterie-harm.png" >/dev/null 2>&1
rm -rf "$prefs"
python3 .ci/check-screenshot.py "$out/coterie-harm.png" --tokens --colour 255,89,51
# The menu at 1280×720 with a Coterie scenario chosen: each seat named whole in its side's
# colour, Start in view.
prefs="$(mktemp -d)"
FRAY_CONFIG_DIR="$prefs" timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
  "$fray" play wizards-and-bandits --menu --frames 40 --screenshot "$out/menu-coterie.png" \
  >/dev/null 2>&1
rm -rf "$prefs"
python3 .ci/check-screenshot.py "$out/menu-coterie.png"
# A critical's moment: the blow's words large over its target, the gold burst and the board's
# flash (two AIs until the first critical). Minutes under Xvfb: only for the README's pictures.
if [ "$out" = docs/screenshots ]; then
  prefs="$(mktemp -d)"
  FRAY_CONFIG_DIR="$prefs" timeout 900 xvfb-run -a -s "-screen 0 1280x720x24" \
    "$fray" play goblin-ambush --seats ai,ai --seed "${FRAY_CRITICAL_SEED:-3}" --frames 20000 \
    --shot-on-critical --screenshot "$out/critical.png" >/dev/null 2>&1
  rm -rf "$prefs"
  python3 .ci/check-screenshot.py "$out/critical.png" --tokens --colour 255,150,40
  # The result screen of an AI battle, its turning point named.
  prefs="$(mktemp -d)"
  FRAY_CONFIG_DIR="$prefs" timeout 900 xvfb-run -a -s "-screen 0 1280x720x24" \
    "$fray" play goblin-ambush --seats ai,ai --result --frames 4000 \
    --screenshot "$out/result.png" >/dev/null 2>&1
  rm -rf "$prefs"
  python3 .ci/check-screenshot.py "$out/result.png"
  # A campaign: the result screen of The Goblin Year's first battle (what lasts into the
  # campaign, Go on), then the camp it goes on to (the company hurt, the next briefing).
  for shot in campaign-result: camp:--go-on; do
    name="${shot%%:*}"
    more="${shot#*:}"
    prefs="$(mktemp -d)"
    # shellcheck disable=SC2086 # $more is one flag or none
    FRAY_CONFIG_DIR="$prefs" timeout 900 xvfb-run -a -s "-screen 0 1280x720x24" \
      "$fray" play --campaign the-goblin-year --fight --seats ai,ai --result $more \
      --frames 3000 --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$prefs"
    python3 .ci/check-screenshot.py "$out/$name.png"
  done
fi
