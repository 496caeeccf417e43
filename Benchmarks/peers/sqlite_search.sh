#!/bin/sh
# The floor for `cardport search WORD`: the sqlite3 shell asking a cardport store's full-text index
# for the 50 best matches of the word, with a marked excerpt and the card's id.
#   sqlite_search.sh STORE WORD > out.txt
set -eu
exec sqlite3 "$1" "SELECT c.id, snippet(card_search, -1, '*', '*', '…', 16) FROM card_search
  JOIN citation c ON c.pk = card_search.rowid / 4
  WHERE card_search MATCH '\"$2\"' AND card_search.rowid % 4 = 0 ORDER BY rank LIMIT 50"
