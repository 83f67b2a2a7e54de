#!/usr/bin/env bash
# The server tests again, on real PostgreSQL (`npm test` runs them on PGlite first):
# - TEST_DATABASE_URL set: on that server (each test file creates and drops its own database);
# - else, PostgreSQL installed (Debian: apt-get install -y postgresql): on a throwaway cluster
#   started for this run and deleted after it (scripts/with-postgres.sh);
# - else skipped with a note, except in CI (CI=true), where it fails: CI must test both.
set -euo pipefail
cd "$(dirname "$0")/.."

run=(npx vitest run --project server "$@")
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "server tests on PostgreSQL at TEST_DATABASE_URL"
  exec "${run[@]}"
fi
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1; then
  exec scripts/with-postgres.sh "${run[@]}"
fi
if [ -n "${CI:-}" ]; then
  echo "server tests on PostgreSQL: no PostgreSQL installed (apt-get install -y postgresql)" >&2
  exit 1
fi
echo "server tests on PostgreSQL: skipped, no PostgreSQL installed and no TEST_DATABASE_URL"
