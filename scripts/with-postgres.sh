#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb into a temporary folder, start
# it on a free loopback port (trust authentication, no other client can reach it), export
# TEST_DATABASE_URL naming it, run the command, then stop the cluster and delete the folder. The
# cluster is stopped however the command ends: success, failure, or this script interrupted
# (Ctrl-C, SIGTERM, SIGHUP: passed on to the command, waited for, then the cluster goes).
#
#   scripts/with-postgres.sh npx vitest run --project server
#
# Uses Debian's PostgreSQL (/usr/lib/postgresql/<version>/bin, `apt-get install -y postgresql`)
# or whatever initdb / pg_ctl are on PATH. initdb refuses to run as root: as root the cluster
# belongs to the `postgres` user (created by the Debian package) and is started with runuser.
set -euo pipefail

bindir=""
for dir in /usr/lib/postgresql/*/bin; do
  [ -x "$dir/initdb" ] && bindir="$dir"
done
if [ -z "$bindir" ]; then
  if command -v initdb >/dev/null 2>&1; then bindir="$(dirname "$(command -v initdb)")"; else
    echo "with-postgres: no PostgreSQL found (apt-get install -y postgresql)" >&2
    exit 3
  fi
fi

as_owner=()
if [ "$(id -u)" = 0 ]; then
  as_owner=(runuser -u postgres --)
fi

root="$(mktemp -d "${TMPDIR:-/tmp}/sb-pg.XXXXXX")"
[ "$(id -u)" = 0 ] && chown postgres: "$root"
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

# As the cluster's owner, from its folder (the caller's may be closed to that user, e.g. /root).
owner() { (cd "$root" && "${as_owner[@]}" "$@"); }

# The cluster's processes and the command's carry the test run's markers
# (scripts/check-leftover-processes.ts names them should they outlive it). The run's id is this
# script's pid and the time in ms, as scripts/process-group.ts makes them.
export SB_TEST_RUN="${SB_TEST_RUN:-$$-$(date +%s%3N)}"
SB_TEST_CHECKOUT="$(cd "$(dirname "$0")/.." && pwd)"
export SB_TEST_CHECKOUT

cleanup() {
  owner "$bindir/pg_ctl" -D "$root/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$root"
}
trap cleanup EXIT

owner "$bindir/initdb" -D "$root/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$root/initdb.log" 2>&1 \
  || { cat "$root/initdb.log" >&2; exit 3; }
# A test server: no durability wanted (fsync off), enough connections for parallel test files.
owner "$bindir/pg_ctl" -D "$root/data" -l "$root/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $root -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null \
  || { cat "$root/server.log" >&2; exit 3; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

# The command runs in the background (its input still this script's) and the script waits for it:
# bash runs a trap only once the foreground command has ended, so a signal sent to this script
# alone (kill, a CI runner) would otherwise leave the command running. A signal is passed on to
# the command (SIGTERM after 10 s if that did not end it), the script waits for its end, and the
# EXIT trap stops the cluster.
"$@" <&0 &
command_pid=$!
stop_command() {
  trap '' INT TERM HUP
  kill -s "$1" "$command_pid" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "$command_pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -s TERM "$command_pid" 2>/dev/null || true
  wait "$command_pid" 2>/dev/null || true
  exit "$2"
}
trap 'stop_command INT 130' INT
trap 'stop_command TERM 143' TERM
trap 'stop_command HUP 129' HUP
status=0
wait "$command_pid" || status=$?
exit "$status"
