#!/bin/sh
# The floor for `cardport list --tag TAG --format jsonl`: the sqlite3 shell selecting the same
# citations of a cardport store (not archived, with the tag, in the order they were added) and
# writing each with its tags as one JSON object per line.
#   sqlite_list_tag.sh STORE TAG > out.jsonl
set -eu
exec sqlite3 "$1" "SELECT json_object('kind', 'citation', 'id', c.id, 'text', c.text, 'author', c.author,
    'source', c.source, 'tags', (SELECT json_group_array(t.name) FROM citation_tag l JOIN tag t ON t.pk = l.tag
    WHERE l.citation = c.pk ORDER BY l.position), 'favourite', c.favourite = 1, 'archived', c.archived = 1)
  FROM citation c
  WHERE c.archived = 0 AND c.pk IN (SELECT citation FROM citation_tag WHERE tag = (SELECT pk FROM tag WHERE name = '$2'))
  ORDER BY c.pk"
