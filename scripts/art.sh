#!/usr/bin/env bash
# Rebuilds the game's art, assets/art/icons.png and its index icons.ron, from game-icons.net's
# collection (CC BY 3.0) as the npm registry holds it (@iconify-json/game-icons, pinned below),
# with the icons tools/art/icons.txt chooses. The output is committed: building the game needs
# neither Node nor this tool. `scripts/art.sh PREVIEW.png` also draws the atlas on a dark ground
# to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.2.4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack "@iconify-json/game-icons@$version" --silent >/dev/null && tar xzf ./*.tgz)
cargo run --release --quiet --manifest-path tools/art/Cargo.toml -- \
  "$work/package/icons.json" tools/art/icons.txt assets/art "$@"
