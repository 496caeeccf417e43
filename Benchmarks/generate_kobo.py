#!/usr/bin/env python3
"""A deterministic synthetic Kobo `KoboReader.sqlite` for the Cardport benchmarks.

    generate_kobo.py --count N [--seed S] --out FILE

Output: an SQLite database with the `content` and `Bookmark` tables of a Kobo (the columns the
device writes, DbVersion 174-era), N bookmarks over N / 200 books of 25 chapters each.

Content
  bookmarks   ~80% highlights (texts from generate.py's citation texts: 20-600 characters,
              accents, emoji, CJK), ~12% with a note, ~5% dog-ears, ~2% hidden, ~1% notes with no
              text; colours 0-3 on about half (colour firmware), NULL on the rest.
  books       `content` rows of ContentType 6 (title, author) and 9 (chapters, VolumeIndex);
              ~2% of bookmarks belong to a book no longer in `content`.

Python 3 standard library only; the same arguments give the same bytes.
"""

import argparse
import os
import random
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the citation text generator)

KOBO_GENERATOR_VERSION = 1

SCHEMA = """
CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT NOT NULL, BookID TEXT,
    BookTitle TEXT, ImageId TEXT, Title TEXT COLLATE NOCASE, Attribution TEXT COLLATE NOCASE, Description TEXT,
    DateCreated TEXT, VolumeIndex INTEGER, ___PercentRead INTEGER, ReadStatus INTEGER, PRIMARY KEY (ContentID, ContentType));
CREATE INDEX content_bookid_index ON content(BookID);
CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
    StartContainerPath TEXT NOT NULL, StartContainerChildIndex INTEGER NOT NULL, StartOffset INTEGER NOT NULL,
    EndContainerPath TEXT NOT NULL, EndContainerChildIndex INTEGER NOT NULL, EndOffset INTEGER NOT NULL,
    Text TEXT, Annotation TEXT, ExtraAnnotationData BLOB, DateCreated TEXT, ChapterProgress REAL NOT NULL DEFAULT 0,
    Hidden BOOL NOT NULL DEFAULT 0, Version TEXT, DateModified TEXT, Creator TEXT, UUID TEXT, UserID TEXT,
    SyncTime TEXT, Published BIT DEFAULT false, ContextString TEXT, Type TEXT, Color INTEGER, PRIMARY KEY (BookmarkID));
CREATE INDEX bookmark_volume ON Bookmark(VolumeID);
CREATE INDEX bookmark_content ON Bookmark(ContentID);
"""


def iso(t, millis):
    days, rest = divmod(t, 86400)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (m <= 2)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03d" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60, millis)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, required=True, help="bookmarks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    r = random.Random("cardport-kobo-v%d:%d" % (KOBO_GENERATOR_VERSION, args.seed))
    texts = generate.CitationGenerator(args.seed)
    words = generate.ENGLISH
    if os.path.exists(args.out):
        os.remove(args.out)
    db = sqlite3.connect(args.out)
    db.executescript(SCHEMA)
    books = []
    for b in range(max(1, args.count // 200)):
        title = " ".join(r.choice(words).capitalize() for _ in range(r.randint(1, 5)))
        author = "%s %s" % (r.choice(words).capitalize(), r.choice(words).capitalize())
        volume = "file:///mnt/onboard/Books/%s %d.kepub.epub" % (title, b)
        chapters = ["%s!OEBPS!Text!chapter%03d.xhtml" % (volume, c) for c in range(25)]
        if r.random() >= 0.02:
            db.execute("INSERT INTO content (ContentID, ContentType, MimeType, Title, Attribution, VolumeIndex) "
                       "VALUES (?, '6', 'application/x-kobo-epub+zip', ?, ?, -1)", (volume, title, author))
            db.executemany("INSERT INTO content (ContentID, ContentType, MimeType, BookID, Title, VolumeIndex) "
                           "VALUES (?, '9', 'application/xhtml+xml', ?, ?, ?)",
                           [(c, volume, "Chapter %d" % (i + 1), i) for i, c in enumerate(chapters)])
        books.append((volume, chapters))
    t = 1_600_000_000
    rows = []
    for i in range(args.count):
        volume, chapters = books[r.randrange(len(books))]
        c = r.randrange(len(chapters))
        t += r.randint(1, 600)
        x = r.random()
        text, note, kind = texts.text(), None, "highlight"
        if x < 0.05:
            text, kind = None, "dogear"
        elif x < 0.06:
            text, note, kind = None, texts.text()[:200], "note"
        elif x < 0.18:
            note, kind = texts.text()[:200], "note"
        para = r.randint(1, 400)
        start = r.randint(0, 300)
        path = "OEBPS/Text/chapter%03d.xhtml#point(/1/4/%d/1:%d)" % (c, para * 2, start)
        end = "OEBPS/Text/chapter%03d.xhtml#point(/1/4/%d/1:%d)" % (c, para * 2, start + len(text or "x"))
        rows.append(("%08x-%04x-4%03x-a%03x-%012x" % (r.getrandbits(32), r.getrandbits(16), r.getrandbits(12),
                                                       r.getrandbits(12), r.getrandbits(48)),
                     volume, chapters[c], path, end, text, note, iso(t, r.randrange(1000)), r.random(),
                     "true" if r.random() < 0.02 else "false", kind, r.randrange(4) if r.random() < 0.5 else None))
    db.executemany("INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, StartContainerPath, StartContainerChildIndex, "
                   "StartOffset, EndContainerPath, EndContainerChildIndex, EndOffset, Text, Annotation, DateCreated, "
                   "ChapterProgress, Hidden, Type, Color) VALUES (?, ?, ?, ?, 0, 0, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.execute("VACUUM")
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
