#!/usr/bin/env bash
# Times `make start` from a checkout (this one unless named) to its first healthy answer (GET /healthz 200), prints
# the seconds, and stops it. `make start`'s own output goes to stderr.
#
#   PORT=3999 DATA_DIR=/tmp/crewclock-data scripts/time-start.sh [CHECKOUT]
#
# A first start in a clean clone installs and builds; a second builds nothing (scripts/build.sh).
set -euo pipefail
checkout=${1:-$(dirname "$0")/..}
export PORT=${PORT:-3999}
limit=${START_LIMIT:-900}

began=$(date +%s%3N)
# In a session of its own, so the whole start (make, npm, node) is stopped together.
setsid make --no-print-directory -C "$checkout" start >&2 &
start=$!
trap 'kill -TERM -- -$start 2>/dev/null || true; wait $start 2>/dev/null || true' EXIT

until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/healthz")" = "200" ]; do
  if ! kill -0 "$start" 2>/dev/null; then
    echo "make start ended before it was healthy" >&2
    exit 1
  fi
  if [ $(($(date +%s%3N) - began)) -gt $((limit * 1000)) ]; then
    echo "not healthy within $limit s" >&2
    exit 1
  fi
  sleep 0.1
done
took=$(($(date +%s%3N) - began))
printf 'healthy after %d.%d s (port %s)\n' $((took / 1000)) $((took % 1000 / 100)) "$PORT"
