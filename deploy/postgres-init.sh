#!/bin/sh
# Runs once, when the postgres container initialises an empty data volume (docker-entrypoint-initdb.d):
# the roles and database of README "Production database". The server connects as `lintel`, which owns
# the database but is neither a superuser nor BYPASSRLS (production refuses such a login).
set -eu
: "${LINTEL_DB_PASSWORD:?LINTEL_DB_PASSWORD is not set}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v password="$LINTEL_DB_PASSWORD" <<'SQL'
create role lintel_app nologin;
create role lintel_platform nologin;
create role lintel_keys nologin;
create role lintel_report nologin;
create role lintel login noinherit password :'password';
grant lintel_app, lintel_platform, lintel_keys, lintel_report to lintel;
create database lintel owner lintel;
SQL
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname lintel \
  -c 'grant usage, create on schema public to lintel'
