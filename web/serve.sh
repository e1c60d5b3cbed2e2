#!/usr/bin/env bash
# Serves web/dist/ on http://127.0.0.1:${PORT:-8080}/ for local play.
set -euo pipefail
cd "$(dirname "$0")/dist"
port="${PORT:-8080}"
echo "Fray on http://127.0.0.1:$port/"
exec python3 -m http.server --bind 127.0.0.1 "$port"
