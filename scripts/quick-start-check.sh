#!/usr/bin/env bash
# README's quick start on the `node` first on PATH: `npm install && npm start`, then GET /api/health/,
# `npm run create-key` and one request with that key. Run by .ci/run on the machine's own Node (20)
# while the suite runs on Node 24, so the two commands keep working for someone on the older runtime.
# A data directory and port of its own; the server is stopped at the end whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${QUICK_CHECK_PORT:-18080}"
data="$(mktemp -d)"
log="$data/server.log"
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill -- "-$server" 2>/dev/null || kill "$server"
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$data"
}
trap cleanup EXIT

echo "node $(node --version), npm $(npm --version)"
npm install --no-audit --no-fund >/dev/null
# In a process group of its own (npm, its shell and the server), stopped together at the end.
DATA_DIR="$data" PORT="$port" setsid npm start >"$log" 2>&1 &
server=$!

for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/api/health/" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "the server exited" >&2; exit 1; }
  sleep 1
done
health="$(curl -fsS "http://127.0.0.1:$port/api/health/")" || { cat "$log"; echo "no answer from /api/health/" >&2; exit 1; }
echo "health: $health"

key="$(DATA_DIR="$data" npm run --silent create-key -- --account quick-check | tail -n 1)"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/operations/")"
[ "$status" = 200 ] || { cat "$log"; echo "GET /api/operations/ with the new key answered $status" >&2; exit 1; }
echo "GET /api/operations/ with the new key: 200"
