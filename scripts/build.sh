#!/usr/bin/env bash
# Installs what is missing (install.sh), then builds what changed, and only that: the server (dist/) and the client
# (client/dist/). A build is named by a hash of the contents it is built from, kept beside what it built; a build
# whose hash has not changed is skipped. Contents, not mtimes: after a clone or a checkout every file is new.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-lock.sh
./scripts/install.sh

# Every file's name and content under the given paths.
contents() { find "$@" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum | sha1sum | cut -d' ' -f1; }

# build NAME OUTPUT-DIR COMMAND -- SOURCES...: runs COMMAND unless OUTPUT-DIR was built from these very sources.
build() {
  local name=$1 output=$2 command=$3 stamp
  shift 4
  stamp=$(contents "$@")
  if [ "$(cat "$output/.build-stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "==> $name: up to date"
    return
  fi
  echo "==> building the $name"
  # A build cut short leaves no stamp, so the next start builds again.
  rm -f "$output/.build-stamp"
  npm run --silent "$command"
  echo "$stamp" > "$output/.build-stamp"
}

build server dist build:server -- src projections .swcrc package.json package-lock.json
# The client imports the wire contract from src/shared.
build client client/dist build:client -- client/src client/public client/scripts client/index.html \
  client/vite.config.ts client/tsconfig.json client/tsconfig.node.json client/package.json client/package-lock.json \
  src/shared
