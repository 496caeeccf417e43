#!/bin/sh
# The floor for `cardport export`: the sqlite3 shell writing every row of the table that
# sqlite_import.sh made as one JSON object per line.
#   sqlite_export.sh DATABASE > out.jsonl
set -eu
exec sqlite3 "$1" "SELECT json_object('text', text, 'author', author, 'source', source, 'tags', tags,
    'favourite', favourite = 'true', 'created_at', created_at, 'updated_at', updated_at) FROM citations"
