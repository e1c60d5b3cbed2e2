#!/usr/bin/env bash
# Builds Fray for the browser into web/dist/: index.html, the JS glue, the .wasm.
# The rustup toolchain has no wasm32 standard library, so this uses Debian's rustc-web and
# builds the standard library from source (-Z build-std); the project's normal toolchain stays
# rustup's. FRAY_WEB_PROFILE=web-ci builds faster and larger. Then wasm-opt -Oz (npm's binaryen:
# Debian's binaryen 108 breaks the reference-types table the wasm-bindgen glue needs);
# FRAY_WASM_OPT=0 skips it, as CI does, since it takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${FRAY_WEB_PROFILE:-web}"
target_dir="${FRAY_WEB_TARGET_DIR:-target/web}"

need=()
for pkg in rustc-web cargo-web rust-web-src rust-web-llvm lld lld-22; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

# wasm-bindgen's CLI must match the library version in Cargo.lock exactly.
bindgen=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen\$"; then
  echo "installing wasm-bindgen-cli $bindgen"
  # Its one program, unoptimised: built in half the time, and it still handles the .wasm in
  # seconds. In a build folder of its own: `cargo install` otherwise builds in
  # CARGO_TARGET_DIR where that is set, and CI's tests, building there beside this, would hold
  # it locked for their whole build.
  cargo install wasm-bindgen-cli --version "$bindgen" --debug --bin wasm-bindgen \
    --target-dir "$target_dir/wasm-bindgen-cli"
fi

# The library as a cdylib, entered through its `start`; the `fray` program is the desktop's
# command line. Without the `dev` feature: the autopilot that plays the window for tests and
# screenshots has nothing to do in a player's browser.
# -Zlocation-detail=none: panics in the browser say what went wrong but not in which file and
# line, which saves every call site its path string. -Zfmt-debug=shallow: a derived Debug writes
# only its type's or fieldless variant's name, which drops the Debug code of every type Bevy and
# the game derive it for; no text the game shows a player is written with `{:?}` (tested in
# tests/game.rs). Not `none`: naga writes the shaders' float literals and stage names with `{:?}`,
# and with `none` WebGL gets shaders it cannot compile. -Cpanic=immediate-abort: a panic stops
# the program at once, without formatting its message. On wasm32-unknown-unknown the standard
# library has nowhere to write that message anyway (no panic hook is installed), so a player
# loses nothing, and the download loses the panic machinery: 1.1 MB raw, 250 kB gzipped.
echo "building the wasm ($profile)"
CARGO_TARGET_DIR="$target_dir" RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
  RUSTFLAGS="-Zlocation-detail=none -Zfmt-debug=shallow -Zunstable-options -Cpanic=immediate-abort" \
  /usr/bin/cargo rustc --locked --profile "$profile" --target wasm32-unknown-unknown \
  -Z build-std=std,panic_abort -p fray --lib --crate-type cdylib --no-default-features --features game

rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist --out-name fray \
  "$target_dir/wasm32-unknown-unknown/$profile/fray.wasm"

if [ "${FRAY_WASM_OPT:-1}" = 1 ]; then
  tools="${FRAY_WEB_TOOLS:-$HOME/.cache/fray-web-tools}"
  [ -x "$tools/node_modules/binaryen/bin/wasm-opt" ] ||
    npm install --prefix "$tools" --no-audit --no-fund --silent binaryen
  echo "optimising with wasm-opt -Oz --converge"
  # --converge runs the passes until they gain nothing more: minutes longer, a few kB smaller.
  node "$tools/node_modules/binaryen/bin/wasm-opt" -Oz --converge --strip-producers \
    --enable-bulk-memory --enable-sign-ext \
    --enable-mutable-globals --enable-nontrapping-float-to-int --enable-reference-types \
    --enable-multivalue web/dist/fray_bg.wasm -o web/dist/fray_bg.opt.wasm
  mv web/dist/fray_bg.opt.wasm web/dist/fray_bg.wasm
fi
cp web/index.html web/dist/index.html
# The sounds are fetched beside the page after the first frame, not carried in the .wasm.
mkdir -p web/dist/assets
cp -r assets/sound web/dist/assets/sound
rm -f web/dist/assets/sound/README.md

raw=$(stat -c %s web/dist/fray_bg.wasm)
gz=$(gzip -9 -c web/dist/fray_bg.wasm | wc -c)
sound=$(cat web/dist/assets/sound/*.wav | wc -c)
echo "web/dist ready: fray_bg.wasm $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip; sounds $((sound / 1024)) KiB"
