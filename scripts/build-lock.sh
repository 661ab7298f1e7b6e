# Sourced by install.sh and build.sh: holds this checkout's build lock (.build.lock) for the rest of the script, so
# two `make start`s (or a start and a test) from one checkout never install or build over each other: the second
# waits, then finds nothing left to do. A script started by one that holds it (build.sh runs install.sh) has it.
if [ -z "${CREWCLOCK_BUILD_LOCK:-}" ] && command -v flock >/dev/null 2>&1; then
  exec 9>>.build.lock
  if ! flock -n 9; then
    echo "==> waiting for another install or build in this checkout to finish"
    flock 9
  fi
  export CREWCLOCK_BUILD_LOCK=held
fi
