#!/usr/bin/env python3
"""Deterministic synthetic Kindle "My Clippings.txt" files for the Cardport benchmarks.

    generate_kindle.py --count N [--seed S] [--english-only] [--out FILE|-]

Output: a clippings file as a Kindle writes it: UTF-8 byte-order mark, CRLF line ends, entries of
a title line, a metadata line, a blank line, the text and a `==========` line.

Content (approximate shares of entries)
  highlights  ~80%; texts from generate.py's citation texts (20-600 characters, accents, emoji,
              CJK, some line breaks); ~3% later extended (a new entry whose text contains the
              old one, at an overlapping location), ~2% exact repeats.
  notes       ~10%, at the end location of a highlight (attachable) or somewhere else.
  bookmarks   ~4%, empty text.
  books       a Zipf-like pool of a few hundred titles: `Title (Author)`, titles with their own
              parentheses, `Last, First` and `A;B` authors, personal documents with no author.
  metadata    English current firmware (`- Your Highlight on page 12 | Location 123-125 |
              Added on Sunday, March 5, 2023 10:15:42 PM`), location-only entries, ~3% PDF
              page-only entries; without --english-only also German, Spanish, Brazilian
              Portuguese, French, Russian, Simplified Chinese and Japanese devices, and Kindle 3
              entries (`- Highlight Loc. 4536-37  | Added on …`).
--newer-new N --newer-edited M write the same file followed by what a later copy of it holds
besides: N new highlights, and M edits of earlier highlights (half lengthened, half shrunk to
their first words, each at an overlapping location and a later time), in random order: the
"newer file" the store-sync benchmark rows import into a store that holds the first one.
--english-only leaves out every form the PyPI `clippings` parser cannot read (other languages,
page-only entries, Kindle 3), so both tools can read the same file.

Python 3 standard library only; the same arguments give the same bytes.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the citation text generator)

KINDLE_GENERATOR_VERSION = 1

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
DE_WEEKDAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
DE_MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
             "Oktober", "November", "Dezember")
ES_WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
ES_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
             "octubre", "noviembre", "diciembre")
PT_WEEKDAYS = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo")
PT_MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
             "outubro", "novembro", "dezembro")
FR_WEEKDAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
FR_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
             "octobre", "novembre", "décembre")
RU_WEEKDAYS = ("понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье")
RU_MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
             "октября", "ноября", "декабря")
ZH_WEEKDAYS = ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日")
JA_WEEKDAYS = ("月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日")


def civil(ts):
    """(year, month, day, hour, minute, second, weekday index) of seconds since 1970, as UTC."""
    days, rem = divmod(ts, 86400)
    weekday = (days + 3) % 7          # 1970-01-01 was a Thursday (index 3 from Monday)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (y + (m <= 2), m, d, rem // 3600, rem // 60 % 60, rem % 60, weekday)


def hour12(h):
    return (h % 12 or 12), ("AM" if h < 12 else "PM")


class KindleGenerator:
    def __init__(self, seed, english_only):
        self.r = random.Random("cardport-kindle-v%d:%d" % (KINDLE_GENERATOR_VERSION, seed))
        self.texts = generate.CitationGenerator(seed)
        self.english_only = english_only
        self.books = self._books(400)
        self.book_cw = generate.zipf_cum_weights(len(self.books), 0.9)
        self.recent = []        # (book, start, end, text, time) of earlier highlights
        self.time = 1_300_000_000

    def _books(self, n):
        r = self.r
        words = generate.ENGLISH
        books = []
        for i in range(n):
            title = " ".join(r.choice(words).capitalize() for _ in range(r.randint(1, 5)))
            shape = r.random()
            if shape < 0.15:
                title += " (Series Book %d)" % r.randint(1, 9)
            if shape > 0.97:
                books.append("%s %d" % (title, i))             # a personal document, no author
                continue
            first, last = r.choice(words).capitalize(), r.choice(words).capitalize()
            form = r.random()
            if form < 0.4:
                author = "%s, %s" % (last, first)
            elif form < 0.5:
                author = "%s %s;%s %s" % (first, last, r.choice(words).capitalize(), r.choice(words).capitalize())
            else:
                author = "%s %s" % (first, last)
            books.append("%s %d (%s)" % (title, i, author))
        return books

    def date(self, language, ts):
        y, m, d, hh, mm, ss, wd = civil(ts)
        if language == "en":
            h, ampm = hour12(hh)
            return "Added on %s, %s %d, %d %d:%02d:%02d %s" % (WEEKDAYS[wd], MONTHS[m - 1], d, y, h, mm, ss, ampm)
        if language == "en3":
            h, ampm = hour12(hh)
            return "Added on %s, %s %d, %d, %02d:%02d %s" % (WEEKDAYS[wd], MONTHS[m - 1], d, y, h, mm, ampm)
        if language == "de":
            return "Hinzugefügt am %s, %d. %s %d %02d:%02d:%02d" % (DE_WEEKDAYS[wd], d, DE_MONTHS[m - 1], y, hh, mm, ss)
        if language == "es":
            return "Añadido el %s, %d de %s de %d %d:%02d:%02d" % (ES_WEEKDAYS[wd], d, ES_MONTHS[m - 1], y, hh, mm, ss)
        if language == "pt":
            return "Adicionado: %s, %d de %s de %d %02d:%02d:%02d" % (PT_WEEKDAYS[wd], d, PT_MONTHS[m - 1], y, hh, mm, ss)
        if language == "fr":
            return "Ajouté le %s %d %s %d %02d:%02d:%02d" % (FR_WEEKDAYS[wd], d, FR_MONTHS[m - 1], y, hh, mm, ss)
        if language == "ru":
            return "Добавлено: %s, %d %s %d г. в %02d:%02d:%02d" % (RU_WEEKDAYS[wd], d, RU_MONTHS[m - 1], y, hh, mm, ss)
        if language == "zh":
            h, ampm = hour12(hh)
            return "添加于 %d年%d月%d日%s %s%d:%02d:%02d" % (y, m, d, ZH_WEEKDAYS[wd], "上午" if ampm == "AM" else "下午", h, mm, ss)
        return "作成日: %d年%d月%d日%s %d:%02d:%02d" % (y, m, d, JA_WEEKDAYS[wd], hh, mm, ss)

    def meta(self, language, kind, page, start, end, ts):
        date = self.date(language, ts)
        rng = "" if start is None else ("%d-%d" % (start, end)) if end != start else "%d" % start
        if language == "en":
            word = {"h": "Highlight", "n": "Note", "b": "Bookmark"}[kind]
            if page is not None and start is None:
                return "- Your %s on page %d | %s" % (word, page, date)
            if page is not None:
                return "- Your %s on page %d | Location %s | %s" % (word, page, rng, date)
            return "- Your %s on Location %s | %s" % (word, rng, date)
        if language == "en3":
            word = {"h": "Highlight", "n": "Note", "b": "Bookmark"}[kind]
            short = rng
            if end != start and len(str(end)) == len(str(start)) > 2 and str(start)[:-2] == str(end)[:-2]:
                short = "%d-%s" % (start, str(end)[-2:])     # Kindle 3 abbreviates the range end
            return "- %s Loc. %s  | %s" % (word, short, date)
        words = {
            "de": ({"h": "Ihre Markierung", "n": "Ihre Notiz", "b": "Ihr Lesezeichen"}, "bei Position %s"),
            "es": ({"h": "La subrayado", "n": "La nota", "b": "El marcador"}, "en la posición %s"),
            "pt": ({"h": "Seu destaque", "n": "Sua nota", "b": "Seu marcador"}, "ou posição %s"),
            "fr": ({"h": "Votre surlignement", "n": "Votre note", "b": "Votre signet"}, "à l'emplacement %s"),
            "ru": ({"h": "Ваш выделенный отрывок", "n": "Ваша заметка", "b": "Ваша закладка"}, "в месте %s"),
        }
        if language in words:
            names, where = words[language]
            if language == "ru":
                rng = rng.replace("-", "–")
                return "– %s %s | %s" % (names[kind], where % rng, date)
            return "- %s %s | %s" % (names[kind], where % rng, date)
        if language == "zh":
            word = {"h": "的标注", "n": " 的笔记", "b": " 的书签"}[kind]
            return "- 您在位置 #%s%s | %s" % (rng, word, date)
        word = {"h": "のハイライト", "n": "のメモ", "b": "のブックマーク"}[kind]
        return "- 位置No. %s%s |%s" % (rng, word, date)

    def entries(self, count):
        r = self.r
        rnd = r.random
        languages = ("en",) if self.english_only else ("en", "en", "en", "en", "en3", "de", "es", "pt", "fr", "ru", "zh", "ja")
        for _ in range(count):
            self.time += int(r.expovariate(1 / 3600)) + 1
            book = r.choices(self.books, cum_weights=self.book_cw)[0]
            language = languages[int(rnd() * len(languages))]
            x = rnd()
            if self.recent and x < 0.03:                                    # an extended highlight
                book, start, end, text, _ = self.recent[int(rnd() * len(self.recent))]
                text = text + " " + self.texts.text()[:60]
                end += 1 + int(rnd() * 3)
                yield book, self.meta(language, "h", None, start, end, self.time), text
            elif self.recent and x < 0.05:                                  # an exact repeat
                book, start, end, text, _ = self.recent[int(rnd() * len(self.recent))]
                yield book, self.meta(language, "h", None, start, end, self.time), text
            elif self.recent and x < 0.15:                                  # a note
                if rnd() < 0.7:
                    book, _, end, _, _ = self.recent[int(rnd() * len(self.recent))]
                else:
                    end = r.randint(1, 20000)
                note = self.texts.text()[:120]
                yield book, self.meta(language, "n", None, end, end, self.time), note
            elif x < 0.19:                                                  # a bookmark
                loc = r.randint(1, 20000)
                yield book, self.meta(language, "b", None, loc, loc, self.time), ""
            else:                                                           # a highlight
                start = r.randint(1, 20000)
                end = start + int(rnd() * 6)
                text = self.texts.text().replace("\r\n", "\n").replace("==========", "=")
                page = None
                if language == "en" and rnd() < 0.5:
                    page = start // 15 + 1
                if language == "en" and not self.english_only and rnd() < 0.03:
                    yield book, self.meta(language, "h", page or 1, None, None, self.time), text
                    continue
                self.recent.append((book, start, end, text, self.time))
                if len(self.recent) > 2000:
                    self.recent.pop(0)
                yield book, self.meta(language, "h", page, start, end, self.time), text

    def newer(self, new, edited):
        """What a later copy of the file adds: `new` highlights and `edited` edits of earlier ones."""
        r = self.r
        edits = set(r.sample(range(new + edited), edited))
        history = list(self.recent)
        for i in range(new + edited):
            self.time += int(r.expovariate(1 / 3600)) + 1
            if i in edits and history:
                book, start, end, text, _ = history[int(r.random() * len(history))]
                if r.random() < 0.5:
                    text = text + " " + self.texts.text()[:60].replace("==========", "=")
                    end += 1 + int(r.random() * 3)
                else:
                    words = text.split(" ")
                    text = " ".join(words[:max(1, len(words) // 2)])
                    end = start + max(0, (end - start) // 2)
                yield book, self.meta("en", "h", None, start, end, self.time), text
            else:
                book = r.choices(self.books, cum_weights=self.book_cw)[0]
                start = r.randint(20001, 40000)
                text = self.texts.text().replace("\r\n", "\n").replace("==========", "=")
                yield book, self.meta("en", "h", None, start, start + int(r.random() * 6), self.time), text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, required=True, help="number of entries")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--english-only", action="store_true",
                    help="only what the PyPI clippings parser reads (English, no page-only entries)")
    ap.add_argument("--newer-new", type=int, default=0, help="new highlights appended (a newer copy of the file)")
    ap.add_argument("--newer-edited", type=int, default=0, help="edits of earlier highlights appended")
    ap.add_argument("--out", default="-")
    args = ap.parse_args(argv)
    out = sys.stdout.buffer if args.out == "-" else open(args.out, "wb")
    gen = KindleGenerator(args.seed, args.english_only)
    chunk = ["\ufeff"]
    entries = gen.entries(args.count)
    if args.newer_new or args.newer_edited:
        import itertools
        entries = itertools.chain(entries, gen.newer(args.newer_new, args.newer_edited))
    for title, meta, text in entries:
        body = text.replace("\n", "\r\n")
        chunk.append("%s\r\n%s\r\n\r\n%s\r\n==========\r\n" % (title, meta, body))
        if len(chunk) >= 4096:
            out.write("".join(chunk).encode("utf-8"))
            chunk = []
    out.write("".join(chunk).encode("utf-8"))
    if out is not sys.stdout.buffer:
        out.close()


if __name__ == "__main__":
    main()
