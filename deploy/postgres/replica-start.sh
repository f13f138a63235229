#!/bin/sh
# A streaming replica: on first start it copies the primary (pg_basebackup -R writes the
# standby settings), then runs PostgreSQL as a hot standby.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h postgres -U replicator -D "$PGDATA" -R -X stream -C -S replica1; do
    echo "waiting for the primary…"
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
