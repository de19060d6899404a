#!/bin/sh
# First start of the postgres container only (/docker-entrypoint-initdb.d):
# the schema's owner, who runs the migrations, and the row-only role the
# server processes run as (README, Database roles). Passwords from the
# container's environment (compose.yaml reads them from .env).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$FLIGHTLINE_OWNER_PASSWORD" -v app_password="$FLIGHTLINE_APP_PASSWORD" <<'SQL'
create role flightline_owner login password :'owner_password';
create role flightline_app login password :'app_password';
create database flightline owner flightline_owner;
SQL
