#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster for the job-store tests and print the env to use it.
#
#   eval "$(.ci/start_postgres.sh)"      # exports DRAFTGUARD_TEST_DATABASE_URL
#   .ci/start_postgres.sh --stop         # stops the cluster again
#
# It also exports DRAFTGUARD_PG_STARTED=1 when this call started the server, 0 when it was
# already running, so a caller stops only what it started.
#
# Installs Debian's `postgresql` package when no server binaries are present, then runs
# initdb/pg_ctl as the unprivileged `postgres` user (the server refuses to run as root) on a
# loopback-only port. Everything it prints on stdout is shell; progress goes to stderr.
# Settings (all optional): DRAFTGUARD_PG_PORT (54329), DRAFTGUARD_PG_DIR
# (/tmp/draftguard-pg), DRAFTGUARD_PG_DB (draftguard_test).
set -euo pipefail

PORT="${DRAFTGUARD_PG_PORT:-54329}"
BASE="${DRAFTGUARD_PG_DIR:-/tmp/draftguard-pg}"
DB="${DRAFTGUARD_PG_DB:-draftguard_test}"
PGUSER_NAME="draftguard"
PGPASS="draftguard"
DATA="$BASE/data"
LOG="$BASE/server.log"

say() { echo "start_postgres: $*" >&2; }

find_bindir() {
    local d
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then echo "$d"; return 0; fi
    done
    return 1
}

BINDIR="$(find_bindir || true)"
if [[ -z "$BINDIR" ]]; then
    say "installing PostgreSQL from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >&2
    apt-get install -y --no-install-recommends postgresql >&2
    BINDIR="$(find_bindir)"
fi

# Run a command as the postgres user when we are root; as ourselves otherwise.
as_pg() {
    if [[ "$(id -u)" == "0" ]]; then
        id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
        su postgres -s /bin/bash -c "$(printf '%q ' "$@")"
    else
        "$@"
    fi
}

if [[ "${1:-}" == "--stop" ]]; then
    if [[ -f "$DATA/postmaster.pid" ]]; then
        as_pg "$BINDIR/pg_ctl" -D "$DATA" -m fast -w stop >&2
    fi
    exit 0
fi

mkdir -p "$BASE"
if [[ "$(id -u)" == "0" ]]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
    chown postgres: "$BASE"
fi

if [[ ! -f "$DATA/PG_VERSION" ]]; then
    say "initialising a throwaway cluster in $DATA"
    as_pg "$BINDIR/initdb" -D "$DATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >&2 2>&1 || \
    as_pg "$BINDIR/initdb" -D "$DATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --no-locale >&2
fi

STARTED=0
if ! as_pg "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    STARTED=1
    say "starting on 127.0.0.1:$PORT"
    # Sockets in $BASE, not /var/run/postgresql (which may not exist or belong to us).
    as_pg "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $BASE -c max_connections=200 -c fsync=off" \
        start >&2
fi

psql_pg() { as_pg "$BINDIR/psql" -h "$BASE" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }

if [[ "$(psql_pg -d postgres -c "SELECT 1 FROM pg_roles WHERE rolname='$PGUSER_NAME'")" != "1" ]]; then
    psql_pg -d postgres -c "CREATE ROLE $PGUSER_NAME LOGIN PASSWORD '$PGPASS'" >&2
fi
if [[ "$(psql_pg -d postgres -c "SELECT 1 FROM pg_database WHERE datname='$DB'")" != "1" ]]; then
    psql_pg -d postgres -c "CREATE DATABASE $DB OWNER $PGUSER_NAME" >&2
fi
say "ready: database $DB on 127.0.0.1:$PORT"

# 1 when this call started the server (so the caller may stop it), 0 when it was running.
echo "export DRAFTGUARD_PG_STARTED=$STARTED"
echo "export DRAFTGUARD_TEST_DATABASE_URL=postgresql+asyncpg://$PGUSER_NAME:$PGPASS@127.0.0.1:$PORT/$DB"
