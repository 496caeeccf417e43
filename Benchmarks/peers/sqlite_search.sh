#!/bin/sh
# The floor for `cardport search WORD`: the sqlite3 shell asking a cardport store's full-text index
# of citations for the 50 best matches of the word, with a marked excerpt and the card's id.
#   sqlite_search.sh STORE WORD > out.txt
set -eu
exec sqlite3 "$1" "SELECT c.id, snippet(citation_search, -1, '*', '*', '…', 16) FROM citation_search
  JOIN citation c ON c.pk = citation_search.rowid
  WHERE citation_search MATCH '\"$2\"' ORDER BY rank LIMIT 50"
