#!/bin/bash
# Entry point of the locally built recruiting/postgres image. It follows the public postgres
# image's interface (POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB / POSTGRES_HOST_AUTH_METHOD,
# PGDATA, `postgres -c ...` as the command) so compose and testcontainers use either image alike.
set -euo pipefail
export PATH=/usr/lib/postgresql/15/bin:$PATH
: "${PGDATA:=/var/lib/postgresql/data}" "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
export PGDATA

if [ "${1:-}" = postgres ]; then shift; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" postgres "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  method=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$method" != trust ]; then
    echo "POSTGRES_PASSWORD is not set (set it, or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:-}" >"$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host="$method" \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all $method" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    # Single-user mode: nothing listens until the database exists, so readiness means ready.
    echo "CREATE DATABASE \"$POSTGRES_DB\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "initialised $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi

exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
