# Sourced by install.sh: apt-get that waits while another apt-get or dpkg holds apt's locks, as unattended upgrades
# do on a fresh machine. apt-get can wait for dpkg's lock itself (DPkg::Lock::Timeout) but not for the package lists'
# lock that `apt-get update` takes (apt 2.6), so both are retried here, the same way.

# waiting_for_apt COMMAND...: runs the apt-get command, again each second while it finds a lock held, for up to
# APT_LOCK_WAIT seconds (300 unless set), saying what holds it; then gives up with apt's own words.
waiting_for_apt() {
  local limit=${APT_LOCK_WAIT:-300} began=$SECONDS said=-1 errors held
  errors=$(mktemp)
  until "$@" 2>"$errors"; do
    held=$(grep -m1 -o 'Could not get lock .*' "$errors" || true)
    if [ -z "$held" ]; then
      cat "$errors" >&2
      rm -f "$errors"
      return 1
    fi
    if [ $((SECONDS - began)) -ge "$limit" ]; then
      echo "==> gave up waiting for another apt-get or dpkg after $limit s: $held" >&2
      rm -f "$errors"
      return 1
    fi
    # Once, then every 30 s; on stderr, which an install's quiet output keeps.
    if [ "$said" -lt 0 ] || [ $((SECONDS - said)) -ge 30 ]; then
      echo "==> waiting (up to $limit s) for another apt-get or dpkg to finish: $held" >&2
      said=$SECONDS
    fi
    sleep 1
  done
  cat "$errors" >&2
  rm -f "$errors"
}

# apt_install [OPTION...] PACKAGE...: refreshes the package lists and installs, as root (through sudo when not).
apt_install() {
  local sudo=()
  if [ "$(id -u)" != "0" ]; then sudo=(sudo); fi
  waiting_for_apt "${sudo[@]}" apt-get update -qq || return
  waiting_for_apt "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
