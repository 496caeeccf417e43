#!/usr/bin/env python3
"""Peer for the netscape-to-opml row: browser bookmark HTML to OPML link outlines with the
Python standard library (html.parser, streaming), the same mapping as cardport: folder names
as tags, TAGS and folders in `category`, ADD_DATE as an RFC 822 `created`.

    netscape_to_opml.py IN.html OUT.opml
"""
import sys
import time
from html import escape
from html.parser import HTMLParser

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def rfc822(seconds):
    g = time.gmtime(seconds)
    return "%s, %02d %s %04d %02d:%02d:%02d GMT" % (DAYS[g.tm_wday], g.tm_mday, MONTHS[g.tm_mon - 1],
                                                    g.tm_year, g.tm_hour, g.tm_min, g.tm_sec)


class Bookmarks(HTMLParser):
    def __init__(self, out):
        super().__init__(convert_charrefs=True)
        self.out, self.lists, self.pending, self.link, self.text, self.capture = out, [], None, None, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "dl":
            self.lists.append(self.pending)
            self.pending = None
        elif tag == "h3":
            self.capture, self.text = "folder", []
        elif tag == "a":
            self.link, self.capture, self.text = dict(attrs), "link", []

    def handle_endtag(self, tag):
        if tag == "dl" and self.lists:
            self.lists.pop()
        elif tag == "h3" and self.capture == "folder":
            self.pending, self.capture = "".join(self.text).strip(), None
        elif tag == "a" and self.capture == "link":
            self.capture = None
            href = self.link.get("href", "")
            name = "".join(self.text).strip() or href
            tags = [t.strip() for t in (self.link.get("tags") or "").split(",") if t.strip()]
            tags += [f for f in self.lists if f and f not in tags]
            line = '    <outline type="link" text="%s" url="%s"' % (escape(name), escape(href))
            if tags:
                line += ' category="%s"' % escape(",".join(tags))
            if self.link.get("add_date"):
                line += ' created="%s"' % rfc822(int(self.link["add_date"]))
            self.out.write(line + "/>\n")

    def handle_data(self, data):
        if self.capture:
            self.text.append(data)


def main():
    with open(sys.argv[1], encoding="utf-8") as source, open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n'
                  '    <title>Bookmarks</title>\n  </head>\n  <body>\n')
        parser = Bookmarks(out)
        while True:
            chunk = source.read(1 << 20)
            if not chunk:
                break
            parser.feed(chunk)
        parser.close()
        out.write("  </body>\n</opml>\n")


if __name__ == "__main__":
    main()
