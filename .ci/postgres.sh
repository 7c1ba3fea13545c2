#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server for the test suite (ARCHITECTURE §11), on 127.0.0.1:55432,
# trusting local connections: postgres://postgres@127.0.0.1:55432/postgres
#   .ci/postgres.sh          start (installs Debian's postgresql when the binaries are missing)
#   .ci/postgres.sh stop     stop it and remove its data
# The data folder is remembered in /tmp/vitrine-ci-postgres so that `stop` finds it.
# VITRINE_PG_PORT and VITRINE_PG_STATE give another port and state file: a server of its own for
# the cluster journey (e2e/support/cluster-setup.ts), which never meets the test suite's.
set -euo pipefail

BIN=/usr/lib/postgresql/15/bin
PORT=${VITRINE_PG_PORT:-55432}
STATE=${VITRINE_PG_STATE:-/tmp/vitrine-ci-postgres}

# initdb refuses to run as root: run the server as the image's postgres user.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  if [ ! -x "$BIN/initdb" ]; then
    echo "postgres: installing Debian's postgresql"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    else
      echo "postgres: $BIN/initdb is missing and installing it needs root" >&2
      exit 1
    fi
  fi
  if [ -f "$STATE" ]; then
    echo "postgres: a server from an earlier run is still recorded in $STATE; stopping it first"
    stop
  fi
  local pgdata
  pgdata="$(mktemp -d /tmp/vitrine-pg.XXXXXX)"
  echo "$pgdata" >"$STATE"
  if [ "$(id -u)" = 0 ]; then
    install -d -o postgres -m 700 "$pgdata"
  fi
  as_postgres "$BIN/initdb" -D "$pgdata" --auth=trust --username=postgres --no-sync >"$pgdata.initdb.log" 2>&1 ||
    { cat "$pgdata.initdb.log" >&2; exit 1; }
  as_postgres "$BIN/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w \
    -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
    { cat "$pgdata/server.log" >&2; exit 1; }
  echo "postgres: $("$BIN/postgres" --version) on 127.0.0.1:$PORT (data in $pgdata)"
}

stop() {
  [ -f "$STATE" ] || return 0
  local pgdata
  pgdata="$(cat "$STATE")"
  if [ -f "$pgdata/postmaster.pid" ]; then
    as_postgres "$BIN/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$pgdata" "$pgdata.initdb.log" "$STATE"
  echo "postgres: stopped"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 [start|stop]" >&2
    exit 2
    ;;
esac
