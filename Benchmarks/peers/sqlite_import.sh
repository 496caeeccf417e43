#!/bin/sh
# The floor for `cardport import`: the sqlite3 shell's own CSV import of the same citations into a
# new WAL database, one transaction, no indexes, no keys, no merging.
#   sqlite_import.sh CITATIONS.csv DATABASE
set -eu
sqlite3 "$2" <<SQL
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
.import --csv '$1' citations
SQL
