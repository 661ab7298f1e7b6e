#!/usr/bin/env bash
# Installs what is missing, and only that: npm packages (server and client), and with --test also
# Chromium for the browser tests and LibreOffice with poppler-utils for the print test. Go (for the FerretDB test
# server) is used when present. The npm packages are installed under the checkout's build lock (build-lock.sh); apt-get
# waits, bounded, while another apt-get or dpkg holds apt's locks (apt.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build-lock.sh
source scripts/apt.sh

# better-sqlite3 builds from source here; node-gyp must use the local Node headers when they exist.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi

# No prebuilt better-sqlite3 can be downloaded here, and compiling its SQLite takes about 90 s: the first install
# keeps its build in the user's cache, named as a prebuilt binary is (version, Node ABI, platform), where
# prebuild-install looks for a local one before building. Every later clean checkout unpacks it instead.
export npm_config_better_sqlite3_local_prebuilds="${XDG_CACHE_HOME:-$HOME/.cache}/crewclock/prebuilds"
keep_sqlite_build() {
  local package=node_modules/better-sqlite3 name
  [ -f "$package/build/Release/better_sqlite3.node" ] || return 0
  name=$(node -p "['better-sqlite3-v' + require('./$package/package.json').version, 'node-v' + process.versions.modules,
    process.platform, process.arch].join('-') + '.tar.gz'")
  [ -f "$npm_config_better_sqlite3_local_prebuilds/$name" ] && return 0
  mkdir -p "$npm_config_better_sqlite3_local_prebuilds"
  # Written beside and renamed, so a concurrent install never unpacks half an archive.
  tar -czf "$npm_config_better_sqlite3_local_prebuilds/$name.$$" -C "$package" build/Release/better_sqlite3.node
  mv "$npm_config_better_sqlite3_local_prebuilds/$name.$$" "$npm_config_better_sqlite3_local_prebuilds/$name"
}

stamp() { sha1sum package.json package-lock.json client/package.json client/package-lock.json 2>/dev/null | sha1sum | cut -d' ' -f1; }
if [ ! -f node_modules/.install-stamp ] || [ "$(cat node_modules/.install-stamp)" != "$(stamp)" ]; then
  echo "==> installing npm packages"
  # `npm install`, not `npm ci`: the lock files lack other platforms' optional packages (absent from
  # the registry this team uses), which `npm ci` refuses; install still follows the locked versions. The lock files
  # pin every version, so what the npm cache holds is used without asking the registry whether it changed.
  npm install --prefer-offline --no-audit --no-fund --loglevel=error
  npm --prefix client install --prefer-offline --no-audit --no-fund --loglevel=error
  keep_sqlite_build
  stamp > node_modules/.install-stamp
fi

if [ "${1:-}" = "--test" ]; then
  # What follows is the machine's, not the checkout's, and the servers started below must not inherit the lock.
  exec 9>&-
  # The suites run on the machine's PostgreSQL and Redis (each run in databases of its own): start them when down.
  if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
    echo "==> starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  fi
  if command -v redis-server >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "==> starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
  fi
  if ! command -v chromium >/dev/null 2>&1; then
    echo "==> installing Chromium for the browser tests"
    apt_install chromium
  fi
  # The report exports printed to PDF (test/api/report-print.spec.ts): LibreOffice's Calc without a desktop, poppler's
  # PDF tools, and Carlito, Calibri's metric twin, so LibreOffice wraps a sheet's text where Excel would.
  printing=()
  command -v libreoffice >/dev/null 2>&1 || printing+=(libreoffice-calc-nogui)
  command -v pdftotext >/dev/null 2>&1 || printing+=(poppler-utils)
  [ -f /usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf ] || printing+=(fonts-crosextra-carlito)
  if [ ${#printing[@]} -gt 0 ]; then
    echo "==> installing ${printing[*]} for the print test"
    apt_install --no-install-recommends "${printing[@]}"
  fi
fi
