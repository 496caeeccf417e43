#!/usr/bin/env python3
"""Peer for the opml-to-jsonl row: OPML link outlines to JSON Lines bookmarks with the Python
standard library (xml.etree iterparse, streaming, elements cleared as they close), the same
mapping as cardport: `category` and enclosing folders as tags, RFC 822 `created` as ISO 8601.

    opml_to_jsonl.py IN.opml OUT.jsonl
"""
import json
import sys
import xml.etree.ElementTree as ET
from email.utils import parsedate_to_datetime


def main():
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    folders = []
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for event, element in ET.iterparse(sys.argv[1], events=("start", "end")):
            if element.tag != "outline":
                continue
            attrs = element.attrib
            is_link = attrs.get("type") in ("link", "rss") or "url" in attrs
            if event == "start":
                if not is_link:
                    folders.append(attrs.get("text"))
                continue
            if not is_link:
                folders.pop()
                element.clear()
                continue
            url = attrs.get("url") or attrs.get("htmlUrl") or attrs.get("xmlUrl") or ""
            record = {"kind": "bookmark"}
            if attrs.get("text") and attrs["text"] != url:
                record["name"] = attrs["text"]
            record["text"] = url
            tags = [t.strip() for t in attrs.get("category", "").split(",") if t.strip()]
            record["tags"] = tags + [f for f in folders if f and f not in tags]
            if attrs.get("created"):
                record["created_at"] = parsedate_to_datetime(attrs["created"]).strftime("%Y-%m-%dT%H:%M:%SZ")
            out.write(encode(record) + "\n")
            element.clear()


if __name__ == "__main__":
    main()
