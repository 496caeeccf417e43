#!/usr/bin/env python3
"""Deterministic synthetic citations for the Cardport benchmarks.

    generate.py --count N [--seed S] [--format jsonl|json|csv|yaml] [--out FILE|-]
    generate.py --kind bookmark --count N [--seed S] [--format jsonl|netscape|opml] [--out FILE|-]

Output
  jsonl  one compact JSON object per line, keys in the order
         text, author, source, tags, favourite, created_at, updated_at
  json   {"format":"cardport","version":1,"citations":[
         one compact object per line, separated by ",\\n"
         ]}
  csv    the same records as RFC 4180 CSV with a header row
         text,author,source,tags,favourite,created_at,updated_at (CRLF record
         ends, minimal quoting), written the way Cardport writes them: tags
         joined with ';' (backslash escapes ';', '\\' and spaces at either end),
         favourite true/false, a leading ' before cells starting with = + - @
         tab or CR (and before a ' that precedes one of those or another ').
  yaml   format: cardport / version: 1 / citations: then one block item per
         record ("- text: ...", "  author: ...", tags as a flow list), the keys
         in the jsonl order, every string double-quoted with JSON escapes (plus
         escapes for the characters YAML reads as line breaks), so PyYAML loads
         exactly the jsonl records under "citations"

Guarantees
  * The same arguments give byte-identical output (for a given GENERATOR_VERSION
    and Python 3 release: only `random.Random` and the stdlib are used).
  * Records are streamed from a single RNG, so a smaller --count with the same
    --seed is an exact prefix of a larger one (jsonl: the first N lines).

Content (approximate shares)
  text        20-600 characters, log-normal length with median ~160; ~50% contain
              non-ASCII (accented words, curly quotes, em dashes, ellipses, emoji
              incl. ZWJ sequences and flags, CJK, Arabic/Hebrew); ~80% contain a
              comma, ~4% a straight double quote, ~3% newlines (LF, blank lines,
              some CRLF); tabs and backslashes are rare.
  author      Zipf-like choice from a pool of a few thousand names; ~3% empty.
  source      book/article title, Zipf-like; ~12% empty.
  tags        0-5 from a vocabulary with spaces, '&', '/', accents and emoji.
  favourite   true for ~10%.
  created_at, ISO 8601 between 2010 and 2025; ~90% "2023-03-05T22:15:42Z", ~5% with
  updated_at  milliseconds, ~5% with a UTC offset; updated_at >= created_at (as
              instants), identical for ~60%.
  duplicates  ~3% exact copies and ~3% near-duplicates (case, whitespace, quote
              style, ellipsis style, trailing punctuation) of earlier records.

Bookmarks (--kind bookmark)
  jsonl       {"kind":"bookmark","name","text","tags","created_at","updated_at","extras"}
              flat; netscape (browser bookmark HTML) and opml nest the same records in
              folders (0-4 deep, changing every 1-60 records). URLs from a Zipf-like pool
              of 2,000 hosts, ~30% with a query (so '&'), ~5% a fragment, ~3% a CJK path;
              titles ~8% with '&', '<', quotes; ~5% untitled; 0-4 tags; dates in whole
              seconds (2010-2025), ~40% with a later modification date; ~10% descriptions.

Python 3 standard library only.
"""

import argparse
import calendar
import csv
import io
import itertools
import json
import math
import os
import random
import re
import sys
import time

GENERATOR_VERSION = 1

# ---------------------------------------------------------------------------
# Vocabulary. Only tuples/lists: nothing here depends on hash ordering.
# ---------------------------------------------------------------------------

ENGLISH = tuple("""
a about above across act after again against age ago air all almost alone along
already always am among an and anger another answer any anything are art as ask
at away back bad be beautiful because become been before begin behind being
believe best better between beyond big bird body book both bread bright bring
brother build but by call calm can cannot care carry change child children city
clear close cold come comes common courage cross dark day days dead death deep
desire did die do does done door doubt down dream dreams drink during each early
earth easy eat else end enough even evening ever every everything eye eyes face
fact fail faith fall far fear feel few field find fire first follow food for
forget forgive form free freedom friend friends from full future garden gave get
give glad go god gone good great grief ground grow had half hand hands happen
happiness happy hard has have he head hear heart heavy held help her here high
him his history hold home hope hour house how human hundred I idea if ignorance
imagine in inside into is it its joy just keep kind king know knowledge land
language last late laugh lead learn least leave less let life light like listen
little live long look lose lost love low made make man many matter may me mean
memory men might mind minute moment money moon more morning most mother move
much music must my myself name nature near need never new next night no nobody
none nor not nothing now of off often old on once one only open or other our
out over own pain part past patience peace people perhaps place play poor power
present question quiet rain rather read reason remember rest rich right river
road room rule run sad said same say sea second see seek seem self sense shall
she should silence simple since sing sky sleep slow small so some someone
something sometimes song soon sorrow soul speak spring stand star start still
stone story strange street strength strong such summer sun sure take talk tell
than that the their them then there these they thing things think this those
though thought thousand through time to today together tomorrow too toward tree
true truth try turn under understand until up upon us use very voice wait walk
want war warm was water way we weak well were what when where whether which
while white who whole why wild will wind winter wisdom wise wish with within
without woman women wonder word words work world would write year years yet you
young your yourself don't can't won't it's I'm isn't doesn't we're they're
there's that's everyone's tomorrow's
""".split())

# Accented / non-English Latin-script words (plus a little Greek and Cyrillic).
FOREIGN = tuple("""
café naïve déjà vu façade fiancée résumé élan cœur âme rêve forêt été château
lumière pensée liberté vérité mémoire fenêtre où très à
über schön Straße Größe Mädchen Glück Sehnsucht Weltschmerz Gemütlichkeit
Zeitgeist Fernweh Übermut Vergänglichkeit fröhlich
mañana corazón niño canción alegría sueño señora pequeño razón soledad así
saudade coração não ação irmã lágrima
hygge fjäll smörgåsbord Søren kærlighed ø år
łódź źródło wiosna dziękuję
člověk řeka příběh
çay gönül ışık yağmur
σοφία λόγος ἀρετή
душа правда свобода тоска
""".split())

CJK = (
    "学而时习之，不亦说乎。", "千里之行，始于足下。", "知者不惑，仁者不忧，勇者不惧。",
    "温故而知新，可以为师矣。", "天下难事，必作于易。", "水滴石穿。", "人生如梦。",
    "古池や蛙飛び込む水の音", "一期一会", "七転び八起き", "花より団子", "石の上にも三年",
    "春はあけぼの。やうやう白くなりゆく山ぎは、", "猿も木から落ちる",
    "시작이 반이다.", "천 리 길도 한 걸음부터.", "배움에는 끝이 없다.",
)

RTL = (
    "العلم نور والجهل ظلام", "الصبر مفتاح الفرج", "من جد وجد، ومن زرع حصد",
    "خير الكلام ما قل ودل", "اطلب العلم من المهد إلى اللحد",
    "אם אין אני לי, מי לי?", "הכול צפוי והרשות נתונה", "לא עליך המלאכה לגמור",
    "דע מאין באת ולאן אתה הולך",
)

EMOJI = (
    "😀", "🙂", "😂", "🤔", "😍", "🥲", "📚", "📖", "✨", "🌱", "💡", "🔥", "🌍", "☕",
    "❤️", "☕️", "✍️", "👍🏽", "👏🏻", "🙏🏾", "💪🏿",                        # VS16, skin tones
    "👩‍💻", "👨‍👩‍👧‍👦", "🧑🏽‍🚀", "🏳️‍🌈", "❤️‍🔥", "👁️‍🗨️", "🧔‍♂️",            # ZWJ sequences
    "🇫🇷", "🇯🇵", "🇧🇷", "🇺🇦", "🇮🇳", "🇩🇪", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",                      # flags, tag sequence
)

TAG_VOCABULARY = (
    "philosophy", "life", "love", "wisdom", "inspiration", "humor", "science", "books",
    "writing", "art", "history", "politics", "stoicism", "mindfulness", "productivity",
    "friendship", "death", "hope", "courage", "poetry", "religion", "psychology",
    "education", "truth", "happiness", "nature", "time", "change", "fear", "freedom",
    "fiction", "non-fiction", "classics", "favourites", "to-read", "re-read", "work",
    "family", "travel", "music", "economics", "design", "programming", "math", "ethics",
    "short story", "must read", "book club", "quote of the day", "reading notes",
    "R&D", "Q&A", "sci-fi & fantasy", "C++", "to read/later", "work/projects",
    "2023/reading list", "café", "éducation", "naïveté", "Straße", "littérature",
    "日本", "哲学", "文学", "читать", "فلسفة", "📚", "💡 ideas", "🔥", "⭐ favourite",
)

FIRST_NAMES = tuple("""
James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David
Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy
Matthew Lisa Anthony Margaret Mark Emily Paul Helen Steven Anna George Ruth
Søren José François Zoë Björn Chloé Jürgen María Łukasz Renée Nikolaï Ōe Simone
Friedrich Albert Marcus Frida Virginia Toni Haruki Chimamanda Jorge Fyodor Leo
Umberto Gabriel Ursula Octavia Italo Clarice Wisława Czesław Hélène Gaël Noémie
Ngozi Aoife Siobhán Seán Dagný Halldór Ísak Małgorzata İsmail Şebnem Đorđe Thị
Jean-Paul Anne-Marie Hans-Georg Mary-Kate
""".split())

LAST_NAMES = tuple("""
Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas
Moore Martin Jackson Thompson White Harris Clark Lewis Walker Hall Young King
García Rodríguez Martínez Hernández López González Pérez Sánchez Ramírez Núñez
Müller Schäfer Köhler Weiß Groß Kierkegaard Nietzsche Dostoyevsky Tolstoy
Borges Murakami Adichie Woolf Morrison Kahlo Einstein Aurelius Seneca Camus
Calvino Lispector Szymborska Miłosz Achebe Mishima Kawabata Pessoa Saramago
O'Brien O'Connor O'Neill D'Angelo D'Souza N'Diaye McCarthy MacLeod Ngũgĩ
Øvergaard Åberg Ångström Çelik Yılmaz Öztürk Ibáñez Wójcik Dvořák Čapek
Nguyễn Trần Lê Eco Le\u00a0Guin
""".replace("\\u00a0", "\u00a0").split())

PARTICLE_NAMES = (
    "Simone de Beauvoir", "Michel de Montaigne", "Vincent van Gogh", "Ludwig van Beethoven",
    "Alexis de Tocqueville", "Antoine de Saint-Exupéry", "Miguel de Cervantes",
    "Johann Wolfgang von Goethe", "Leonardo da Vinci", "Gabriel García Márquez",
    "Ursula K. Le Guin", "J. R. R. Tolkien", "W. E. B. Du Bois", "bell hooks",
    "E. E. Cummings", "Ngũgĩ wa Thiong'o", "Mary Wollstonecraft Shelley",
)

SINGLE_NAMES = (
    "Anonymous", "Unknown", "Rumi", "Laozi", "Confucius", "Homer", "Plato", "Sappho",
    "Voltaire", "Molière", "Epictetus", "Heraclitus", "Hafez", "Kabir", "Banksy",
    "老子", "孔子", "紫式部", "松尾芭蕉", "جلال الدين الرومي", "ابن خلدون", "רמב\"ם",
)

TITLE_ADJ = ("Silent", "Hidden", "Broken", "Golden", "Last", "Infinite", "Quiet", "Wild",
             "Little", "Eternal", "Forgotten", "Crimson", "Gentle", "Strange", "Lost",
             "Invisible", "Bright", "Unfinished", "Secret", "Long")
TITLE_NOUN = ("Garden", "River", "Mind", "Empire", "Letters", "Meditations", "Essays",
              "Journey", "House", "Sea", "Republic", "Notebook", "Dialogues", "Promise",
              "Kingdom", "Library", "Machine", "Winter", "Cities", "Years", "Night", "Mirror")
TITLE_TAIL = ("", "", "", "", ": A Novel", ": Essays, 1990–2010", ", Vol. 2", " (Revised Edition)",
              " — Part I", " & Other Stories", ": A Memoir", ", 3rd ed.", " (Penguin Classics)",
              ": Notes on Reading", " / Selected Poems")
KNOWN_TITLES = (
    "Meditations", "Walden", "Ficciones", "Beloved", "Middlemarch", "The Myth of Sisyphus",
    "Letters to a Young Poet", "Man's Search for Meaning", "À la recherche du temps perdu",
    "Cien años de soledad", "Der Zauberberg", "Also sprach Zarathustra", "Livro do Desassossego",
    "Преступление и наказание", "ノルウェイの森", "论语", "道德经", "Things Fall Apart",
    "Invisible Cities", "The Left Hand of Darkness", "Zen and the Art of Motorcycle Maintenance",
    "Gödel, Escher, Bach", "Dune", "Ulysses", "If on a winter's night a traveler",
    "Les Misérables", "Don Quijote de la Mancha", "Pan Tadeusz", "Sult", "Frankenstein; or, The Modern Prometheus",
)
ARTICLE_PREFIX = ("Interview, ", "Speech at ", "Letter to ", "Lecture, ", "Podcast: ",
                  "Blog post: ", "Commencement address, ")

# Sentence endings: ASCII-only records never get "…".
ENDS_ASCII = (".", ".", ".", ".", ".", "!", "?", "...", ";")
ENDS_TYPO = (".", ".", ".", ".", "!", "?", "…", "…")

# Timestamps: instants in [2010-01-01T12:00Z, 2025-12-31T12:00Z), so that any
# offset rendering still shows a date inside 2010..2025.
T_LO = calendar.timegm((2010, 1, 1, 12, 0, 0))
T_HI = calendar.timegm((2025, 12, 31, 12, 0, 0))
OFFSETS = ((+2 * 3600, "+02:00"), (-8 * 3600, "-08:00"), (+5 * 3600 + 1800, "+05:30"),
           (+1 * 3600, "+01:00"), (-5 * 3600, "-05:00"), (+9 * 3600, "+09:00"),
           (-3 * 3600, "-03:00"), (+5 * 3600 + 2700, "+05:45"))

# Near-duplicate quote/ellipsis swaps (from, to).
QUOTE_SWAPS = (("\u2019", "'"), ("'", "\u2019"), ("\u201c", '"'), ("\u201d", '"'),
               ('"', "\u201c"), ("\u2026", "..."), ("...", "\u2026"))

POOL_SIZE = 10000   # earlier originals that duplicates are drawn from


def zipf_cum_weights(n, s, q=1):
    """Cumulative Zipf-Mandelbrot weights 1/(rank+q)^s for ranks 0..n-1."""
    return list(itertools.accumulate(1.0 / (k + q) ** s for k in range(n)))


class CitationGenerator:
    def __init__(self, seed):
        # A str seed is hashed with SHA-512 by random.Random: stable everywhere.
        self.r = random.Random("cardport-citations-v%d:%d" % (GENERATOR_VERSION, seed))
        self.authors = self._author_pool(3000)
        self.author_cw = zipf_cum_weights(len(self.authors), 1.0, 3)
        self.sources = self._source_pool(4000)
        self.source_cw = zipf_cum_weights(len(self.sources), 0.8)
        self.tag_cw = zipf_cum_weights(len(TAG_VOCABULARY), 0.9)
        self.pool = []          # reservoir of (record, line, created instant)
        self.originals = 0
        self.encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

    # -- pools ---------------------------------------------------------------

    def _author_pool(self, n):
        r = self.r
        names, seen = [], set()
        while len(names) < n:
            x = r.random()
            if x < 0.02:
                name = r.choice(SINGLE_NAMES)
            elif x < 0.04:
                name = r.choice(PARTICLE_NAMES)
            elif x < 0.12:
                name = "%s %s. %s" % (r.choice(FIRST_NAMES), r.choice("ABCDEFGHJKLMNPRSTW"),
                                      r.choice(LAST_NAMES))
            elif x < 0.15:
                name = "%s %s-%s" % (r.choice(FIRST_NAMES), r.choice(LAST_NAMES), r.choice(LAST_NAMES))
            else:
                name = "%s %s" % (r.choice(FIRST_NAMES), r.choice(LAST_NAMES))
            if name not in seen:
                seen.add(name)
                names.append(name)
        return names

    def _source_pool(self, n):
        r = self.r
        titles = list(KNOWN_TITLES)
        while len(titles) < n:
            x = r.random()
            if x < 0.55:
                t = "The %s %s%s" % (r.choice(TITLE_ADJ), r.choice(TITLE_NOUN), r.choice(TITLE_TAIL))
            elif x < 0.75:
                t = "%s of the %s%s" % (r.choice(TITLE_NOUN), r.choice(TITLE_NOUN), r.choice(TITLE_TAIL))
            elif x < 0.85:
                t = "%s and %s" % (r.choice(TITLE_NOUN), r.choice(TITLE_NOUN))
            elif x < 0.93:
                t = r.choice(ARTICLE_PREFIX) + r.choice(LAST_NAMES) + (", %d" % r.randint(1950, 2024))
            else:
                t = "%s, %s" % (r.choice(KNOWN_TITLES), r.choice(("vol. 1", "vol. 2", "Book II", "chapter 7",
                                                                    "p. 42", "tome 3", "Teil 1")))
            titles.append(t)
        return titles

    # -- text ----------------------------------------------------------------

    def _sentences(self, target, foreign_rate, ends):
        """Sentences of pseudo-English adding up to about `target` characters."""
        rnd = self.r.random
        n_en, n_fo, n_ends = len(ENGLISH), len(FOREIGN), len(ends)
        out, total = [], 0
        while total < target:
            n = 4 + int(rnd() * 15)                     # 4..18 words
            ws = [ENGLISH[int(rnd() * n_en)] for _ in range(n)]
            if foreign_rate:
                for j in range(n):
                    if rnd() < foreign_rate:
                        ws[j] = FOREIGN[int(rnd() * n_fo)]
            if n >= 6 and rnd() < 0.35:
                ws[1 + int(rnd() * (n - 3))] += ","
            w = ws[0]
            ws[0] = w[0].upper() + w[1:]
            s = " ".join(ws) + ends[int(rnd() * n_ends)]
            out.append(s)
            total += len(s) + 1
        # Trim the last sentence at a word boundary when it overshoots a lot.
        over = total - 1 - target
        if over > 12 and len(out[-1]) > over + 12:
            last = out[-1]
            cut = last.rfind(" ", 0, len(last) - over)
            if cut > 8:
                out[-1] = last[:cut].rstrip(",;") + ends[int(rnd() * n_ends)]
        return out

    def text(self):
        r = self.r
        rnd = r.random
        # Log-normal target (median e^5 ~ 148); sentence rounding brings it to ~160.
        target = int(r.lognormvariate(5.0, 0.6))
        target = 20 if target < 20 else (560 if target > 560 else target)
        mode = rnd()
        typo = False
        if mode < 0.50:                                 # plain ASCII
            sents = self._sentences(target, 0.0, ENDS_ASCII)
        elif mode < 0.76:                               # accented words
            typo = rnd() < 0.3
            sents = self._sentences(target, r.choice((0.04, 0.08, 0.15, 0.3)),
                                    ENDS_TYPO if typo else ENDS_ASCII)
            s = sents[0]
            i = s.find(" ")
            sents[0] = s[:i + 1] + r.choice(FOREIGN) + s[i:] if i > 0 else s + " " + r.choice(FOREIGN)
        elif mode < 0.88:                               # typographic punctuation only
            typo = True
            sents = self._sentences(target, 0.0, ENDS_TYPO)
            s = sents[0]
            i = s.find(" ", len(s) // 2)
            sents[0] = s[:i] + " \u2014" + s[i:] if i > 0 else s[:-1] + "\u2026"
        elif mode < 0.95:                               # emoji
            typo = rnd() < 0.3
            sents = self._sentences(target, 0.03 if rnd() < 0.3 else 0.0, ENDS_ASCII)
            for _ in range(r.choice((1, 1, 1, 2, 3))):
                k = r.randrange(len(sents))
                e = r.choice(EMOJI)
                sents[k] = sents[k] + " " + e if rnd() < 0.7 else e + " " + sents[k]
        elif mode < 0.98:                               # CJK, sometimes mixed
            parts, ln, cap = [], 0, min(target, 180)
            while ln < cap:
                p = r.choice(CJK)
                parts.append(p)
                ln += len(p)
            sents = ["".join(parts)]
            if rnd() < 0.4:
                sents.insert(0, self._sentences(40, 0.0, ENDS_ASCII)[0])
        else:                                           # Arabic / Hebrew
            sents = [" ".join(r.choice(RTL) for _ in range(r.randint(1, 4)))]
            if rnd() < 0.4:
                sents.insert(0, self._sentences(40, 0.0, ENDS_ASCII)[0] + " \u200f")

        # ~3% multi-line.
        if rnd() < 0.03:
            sep = r.choice(("\n", "\n", "\n", "\n\n", "\n\n", "\r\n"))
            if len(sents) > 1:
                text = sents[0]
                for s in sents[1:]:
                    text += (sep if rnd() < 0.6 else " ") + s
                if sep not in text:
                    text = sents[0] + sep + " ".join(sents[1:])
            else:
                text = sents[0]
                i = text.find(" ", len(text) // 2)
                text = text[:i] + sep + text[i + 1:] if i > 0 else text + sep + "\u2014 " + text[:12]
        else:
            text = " ".join(sents)

        if typo:
            text = text.replace("'", "\u2019")

        # Commas for ~80% overall (most sentences already have one).
        if "," not in text and mode < 0.95 and rnd() < 0.6:
            i = text.find(" ", r.randint(1, max(1, len(text) // 2)))
            if i > 0 and text[i - 1] not in ".!?;:\u2026":
                text = text[:i] + "," + text[i:]
            else:
                text = text.replace(" ", ", ", 1)

        x = rnd()
        if x < 0.045:                                   # dialogue/scare quotes
            o, c = ("\u201c", "\u201d") if typo else ('"', '"')
            if rnd() < 0.3:
                text = o + text + c
            else:
                a = text.find(" ", r.randrange(len(text)))
                b = text.find(" ", a + 2) if a >= 0 else -1
                b = text.find(" ", b + 1) if b >= 0 and rnd() < 0.7 else b
                if a >= 0 and b > a:
                    text = text[:a + 1] + o + text[a + 1:b] + c + text[b:]
                else:
                    text = o + text + c
            if typo and rnd() < 0.5:                    # ... and some straight ones anyway
                text = text.replace("\u201c", '"', 1).replace("\u201d", '"', 1)
        elif x < 0.065:                                 # a 'single-quoted' word
            a = text.find(" ", r.randrange(len(text)))
            b = text.find(" ", a + 2) if a >= 0 else -1
            if a >= 0 and b > a and text[b - 1].isalpha():
                o, c = ("\u2018", "\u2019") if typo else ("'", "'")
                text = text[:a + 1] + o + text[a + 1:b] + c + text[b:]
        y = rnd()
        if y < 0.003:
            text = text.replace(" ", "\t", 1)
        elif y < 0.006:
            i = text.find(" ", len(text) // 3)
            bs = r.choice((" \\o/", " C:\\Notes\\quotes.txt", " either\\or", " \\n", " 50\\50"))
            text = text[:i] + bs + text[i:] if i > 0 else text + bs
        if len(text) < 20:
            text += " " + self._sentences(20, 0.0, ENDS_ASCII)[0]
        if len(text) > 600:
            cut = text.rfind(" ", 0, 599)
            text = text[:cut if cut > 20 else 599] + "."
        return text

    # -- other fields ----------------------------------------------------------

    def tags(self):
        r = self.r
        n = r.choices((0, 1, 2, 3, 4, 5), cum_weights=(24, 50, 72, 87, 96, 100))[0]
        if not n:
            return []
        out = []
        for t in r.choices(TAG_VOCABULARY, cum_weights=self.tag_cw, k=n):
            if t not in out:
                out.append(t)
        return out

    def stamp(self, t):
        """Render instant `t` (int seconds): 90% Z, 5% millis, 5% offset."""
        r = self.r
        x = r.random()
        if x < 0.90:
            return "%04d-%02d-%02dT%02d:%02d:%02dZ" % time.gmtime(t)[:6]
        if x < 0.95:
            return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (time.gmtime(t)[:6] + (r.randrange(1000),))
        off, suffix = r.choice(OFFSETS)
        return "%04d-%02d-%02dT%02d:%02d:%02d" % time.gmtime(t + off)[:6] + suffix

    def later(self, t):
        """An instant after `t` (at least a second, up to the end of the range)."""
        r = self.r
        d = int(r.expovariate(1.0 / (45 * 86400))) + 1 if r.random() < 0.8 else r.randrange(1, T_HI - T_LO)
        return min(T_HI, t + d) if t < T_HI else t

    def original(self):
        r = self.r
        # created: density growing towards recent years.
        created = T_LO + int((T_HI - T_LO) * math.sqrt(r.random()))
        created_s = self.stamp(created)
        updated_s = created_s if r.random() < 0.6 else self.stamp(self.later(created) + 1)
        rec = {
            "text": self.text(),
            "author": "" if r.random() < 0.03 else r.choices(self.authors, cum_weights=self.author_cw)[0],
            "source": "" if r.random() < 0.12 else r.choices(self.sources, cum_weights=self.source_cw)[0],
            "tags": self.tags(),
            "favourite": r.random() < 0.10,
            "created_at": created_s,
            "updated_at": updated_s,
        }
        return rec, created

    # -- near duplicates ------------------------------------------------------

    def near_text(self, text):
        r = self.r
        x = r.random()
        new = text
        if x < 0.25:                                          # case
            y = r.random()
            if y < 0.4:
                new = text.lower()
            elif y < 0.6:
                new = text.upper()
            else:
                new = text[0].swapcase() + text[1:]
        elif x < 0.50:                                        # whitespace
            y = r.random()
            if y < 0.4:
                i = text.find(" ", r.randrange(len(text)))
                new = text[:i] + " " + text[i:] if i > 0 else text + " "
            elif y < 0.7:
                new = text + r.choice((" ", "  ", "\n", " \t"))
            elif y < 0.85:
                new = " " + text
            else:
                new = text.replace("\n", " ") if "\n" in text else "  " + text + " "
        elif x < 0.75:                                        # quote / ellipsis style
            for a, b in r.sample(QUOTE_SWAPS, len(QUOTE_SWAPS)):
                if a in text:
                    new = text.replace(a, b)
                    break
        if new == text:                                       # trailing punctuation
            if text[-1] in ".!?;\u2026":
                new = text[:-1] if not text.endswith("...") else text[:-3]
            else:
                new = text + r.choice((".", ".", "!", "\u2026", "..."))
        if not 20 <= len(new) <= 600:
            new = text[0].swapcase() + text[1:]
            if new == text:
                new = text[:-1] + " " if len(text) > 20 else text + " "
        return new

    # -- stream --------------------------------------------------------------

    def lines(self, count):
        """Yield `count` compact JSON lines (without newline)."""
        r, pool, encode = self.r, self.pool, self.encode
        for _ in range(count):
            x = r.random()
            if pool and x < 0.03:                             # exact duplicate
                yield r.choice(pool)[1]
                continue
            if pool and x < 0.06:                             # near duplicate
                base, _, created = r.choice(pool)
                rec = dict(base)
                rec["text"] = self.near_text(base["text"])
                if r.random() < 0.5:
                    rec["updated_at"] = self.stamp(self.later(created) + 1)
                yield encode(rec)
                continue
            rec, created = self.original()
            line = encode(rec)
            self.originals += 1
            if len(pool) < POOL_SIZE:
                pool.append((rec, line, created))
            else:
                j = r.randrange(self.originals)
                if j < POOL_SIZE:
                    pool[j] = (rec, line, created)
            yield line


# ---------------------------------------------------------------------------
# Bookmarks (--kind bookmark): what a browser or feed reader exports.
# ---------------------------------------------------------------------------

DOMAIN_WORDS = ("news", "blog", "docs", "wiki", "shop", "learn", "dev", "photo", "music", "travel",
                "code", "data", "cloud", "garden", "kitchen", "maps", "science", "books", "art", "games")
TLDS = ("com", "org", "net", "io", "de", "fr", "co.uk", "com.br", "jp", "dev")
FOLDER_NAMES = ("Reading", "Work", "Recipes", "Travel", "Swift", "Infra & Ops", "Music", "Research",
                "Tools", "News", "Papers", "Shopping", "Design", "Kids", "Finance", "Höhlen & Berge",
                "日本語", "Old \"stuff\"", "To read <later>", "Archive")
TITLE_SEPARATORS = (" - ", " | ", " – ", ": ", " · ")


class BookmarkGenerator:
    """Bookmarks in folders: URLs with queries and fragments, titles with markup characters."""

    def __init__(self, seed):
        self.r = random.Random("cardport-bookmarks-v%d:%d" % (GENERATOR_VERSION, seed))
        r = self.r
        self.hosts = []
        for i in range(2000):
            word = r.choice(DOMAIN_WORDS) + r.choice(ENGLISH)
            prefix = r.choice(("www.", "", "", "blog.", "docs.", "en."))
            self.hosts.append("%s%s%d.%s" % (prefix, word, i, r.choice(TLDS)))
        self.host_cw = zipf_cum_weights(len(self.hosts), 1.0, 2)
        self.tag_cw = zipf_cum_weights(len(TAG_VOCABULARY), 0.9)
        self.folder = []
        self.left_in_folder = 0

    def url(self):
        r = self.r
        parts = [r.choice(("https://", "https://", "https://", "http://")),
                 r.choices(self.hosts, cum_weights=self.host_cw)[0], "/"]
        parts.append("/".join(r.choice(ENGLISH) for _ in range(r.randrange(0, 4))))
        if r.random() < 0.03:
            parts.append("/" + r.choice(CJK)[:4])
        if r.random() < 0.30:
            parts.append("?" + "&".join("%s=%d" % (r.choice(ENGLISH), r.randrange(1000))
                                         for _ in range(r.randrange(1, 4))))
        if r.random() < 0.05:
            parts.append("#" + r.choice(ENGLISH))
        return "".join(parts)

    def title(self):
        r = self.r
        if r.random() < 0.05:
            return None
        words = [r.choice(ENGLISH) for _ in range(r.randrange(2, 10))]
        if r.random() < 0.15:
            words.append(r.choice(FOREIGN))
        if r.random() < 0.05:
            words.append(r.choice(EMOJI))
        title = " ".join(words).capitalize()
        if r.random() < 0.08:
            title += r.choice((" & more", " <beta>", ' "quoted"', " it's"))
        return title + r.choice(TITLE_SEPARATORS) + r.choice(DOMAIN_WORDS).capitalize()

    def tags(self):
        r = self.r
        n = r.choices((0, 1, 2, 3, 4), cum_weights=(40, 65, 85, 95, 100))[0]
        out = []
        for t in r.choices(TAG_VOCABULARY, cum_weights=self.tag_cw, k=n):
            t = t.replace(",", " ")
            if t not in out:
                out.append(t)
        return out

    def records(self, count):
        """Yield (folder path, record dict) with seconds for dates; folders change every 1-60 records."""
        r = self.r
        for _ in range(count):
            if self.left_in_folder == 0:
                depth = r.choices((0, 1, 2, 3, 4), cum_weights=(10, 45, 80, 95, 100))[0]
                self.folder = [r.choice(FOLDER_NAMES) for _ in range(depth)]
                self.left_in_folder = r.randrange(1, 61)
            self.left_in_folder -= 1
            created = r.randrange(T_LO, T_HI)
            rec = {"name": self.title(), "text": self.url(), "tags": self.tags(), "created": created,
                   "updated": self.later(created) if r.random() < 0.4 else None,
                   "description": " ".join(r.choice(ENGLISH) for _ in range(r.randrange(3, 20)))
                   if r.random() < 0.1 else None}
            yield list(self.folder), rec

    def later(self, t):
        return min(T_HI, t + int(self.r.expovariate(1.0 / (90 * 86400))) + 1)


def iso(t):
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % time.gmtime(t)[:6]


def rfc822(t):
    g = time.gmtime(t)
    return "%s, %02d %s %04d %02d:%02d:%02d GMT" % (
        ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[g.tm_wday], g.tm_mday,
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")[g.tm_mon - 1],
        g.tm_year, g.tm_hour, g.tm_min, g.tm_sec)


def write_bookmarks(out, records, fmt):
    """Bookmarks as JSON Lines (flat), Netscape bookmark HTML or OPML (nested in folders)."""
    from html import escape
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    chunk = []

    def emit(text):
        chunk.append(text)
        if len(chunk) >= 2048:
            out.write("".join(chunk).encode("utf-8"))
            chunk.clear()

    opened = []
    indent = "    "
    if fmt == "netscape":
        emit("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; "
             "charset=UTF-8\">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n")
    elif fmt == "opml":
        emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
             "    <title>Bookmarks</title>\n  </head>\n  <body>\n")
    for folder, rec in records:
        if fmt == "jsonl":
            obj = {"kind": "bookmark"}
            if rec["name"] is not None:
                obj["name"] = rec["name"]
            obj["text"] = rec["text"]
            obj["tags"] = rec["tags"]
            obj["created_at"] = iso(rec["created"])
            if rec["updated"] is not None:
                obj["updated_at"] = iso(rec["updated"])
            if rec["description"] is not None:
                obj["extras"] = {"description": rec["description"]}
            emit(encode(obj) + "\n")
            continue
        # Close the folders that differ, open the new ones.
        common = 0
        while common < min(len(opened), len(folder)) and opened[common] == folder[common]:
            common += 1
        while len(opened) > common:
            opened.pop()
            pad = indent * (len(opened) + 1)
            emit(pad + ("</DL><p>\n" if fmt == "netscape" else "</outline>\n"))
        while len(opened) < len(folder):
            name = folder[len(opened)]
            pad = indent * (len(opened) + 1)
            if fmt == "netscape":
                emit('%s<DT><H3 ADD_DATE="%d">%s</H3>\n%s<DL><p>\n' % (pad, T_LO, escape(name, False), pad))
            else:
                emit('%s<outline text="%s">\n' % (pad, escape(name)))
            opened.append(name)
        pad = indent * (len(opened) + 1)
        name = rec["name"] if rec["name"] is not None else rec["text"]
        if fmt == "netscape":
            line = '%s<DT><A HREF="%s" ADD_DATE="%d"' % (pad, escape(rec["text"]), rec["created"])
            if rec["updated"] is not None:
                line += ' LAST_MODIFIED="%d"' % rec["updated"]
            if rec["tags"]:
                line += ' TAGS="%s"' % escape(",".join(rec["tags"]))
            line += ">%s</A>\n" % escape(name, False)
            if rec["description"] is not None:
                line += "%s<DD>%s\n" % (pad, escape(rec["description"], False))
        else:
            line = '%s<outline type="link" text="%s" url="%s"' % (pad, escape(name), escape(rec["text"]))
            if rec["tags"]:
                line += ' category="%s"' % escape(",".join(rec["tags"]))
            line += ' created="%s"' % rfc822(rec["created"])
            if rec["description"] is not None:
                line += ' description="%s"' % escape(rec["description"])
            line += "/>\n"
        emit(line)
    while opened:
        opened.pop()
        pad = indent * (len(opened) + 1)
        emit(pad + ("</DL><p>\n" if fmt == "netscape" else "</outline>\n"))
    if fmt == "netscape":
        emit("</DL><p>\n")
    elif fmt == "opml":
        emit("  </body>\n</opml>\n")
    out.write("".join(chunk).encode("utf-8"))
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A cell with Cardport's formula guard, so Cardport reads back exactly `value`."""
    if value.startswith(FORMULA_STARTS) or (value.startswith("'") and value[1:2] in FORMULA_STARTS + ("'",)):
        return "'" + value
    return value


def csv_tags(tags):
    """Tags joined with ';' the way Cardport escapes them."""
    out = []
    for tag in tags:
        t = tag.replace("\\", "\\\\").replace(";", "\\;")
        if t.startswith(" "):
            t = "\\" + t
        if t.endswith(" ") and len(tag) > 1:
            t = t[:-1] + "\\ "
        out.append(t)
    return ";".join(out)


def write_csv(out, lines, batch=2048):
    """The records of `lines` as CSV rows (see the module docstring)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for i, line in enumerate(lines):
        rec = json.loads(line)
        writer.writerow([csv_cell(rec["text"]), csv_cell(rec["author"]), csv_cell(rec["source"]),
                         csv_cell(csv_tags(rec["tags"])), "true" if rec["favourite"] else "false",
                         rec["created_at"], rec["updated_at"]])
        if i % batch == batch - 1:
            out.write(buffer.getvalue().encode("utf-8"))
            buffer.seek(0)
            buffer.truncate()
    out.write(buffer.getvalue().encode("utf-8"))


CSV_COLUMNS = ("text", "author", "source", "tags", "favourite", "created_at", "updated_at")
# Characters a JSON encoder writes raw that YAML reads as line breaks or refuses inside a scalar.
YAML_ESCAPES = {"\u0085": "\\N", "\u2028": "\\L", "\u2029": "\\P", "\ufeff": "\\uFEFF"}
YAML_ESCAPE_RE = re.compile("[\u0085\u2028\u2029\ufeff]")


def yaml_string(text, encode=json.JSONEncoder(ensure_ascii=False).encode):
    """A double-quoted YAML scalar holding `text` (JSON escapes are YAML escapes)."""
    return YAML_ESCAPE_RE.sub(lambda m: YAML_ESCAPES[m.group(0)], encode(text))


def yaml_lines(lines):
    """The block items of a YAML citations list, one per JSON line."""
    for line in lines:
        rec = json.loads(line)
        out = []
        for key, value in rec.items():
            if isinstance(value, bool):
                text = "true" if value else "false"
            elif isinstance(value, list):
                text = "[" + ", ".join(yaml_string(v) for v in value) + "]"
            elif value is None:
                text = "null"
            else:
                text = yaml_string(value)
            out.append(("- " if not out else "  ") + key + ": " + text)
        yield "\n".join(out) if out else "- {}"


def write(out, lines, fmt, batch=2048):
    """Write UTF-8 to the binary stream `out` in batches."""
    if fmt == "csv":
        write_csv(out, lines, batch)
        return
    if fmt == "yaml":
        out.write(b"format: cardport\nversion: 1\ncitations:\n")
        fmt, lines = "jsonl", yaml_lines(lines)
    if fmt == "jsonl":
        chunk = []
        for line in lines:
            chunk.append(line)
            if len(chunk) >= batch:
                out.write(("\n".join(chunk) + "\n").encode("utf-8"))
                chunk.clear()
        if chunk:
            out.write(("\n".join(chunk) + "\n").encode("utf-8"))
        return
    out.write(b'{"format":"cardport","version":1,"citations":[')
    first = True
    chunk = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= batch:
            out.write((("\n" if first else ",\n") + ",\n".join(chunk)).encode("utf-8"))
            first = False
            chunk.clear()
    if chunk:
        out.write((("\n" if first else ",\n") + ",\n".join(chunk)).encode("utf-8"))
    out.write(b"\n]}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Deterministic synthetic citations (jsonl, Cardport json, csv or yaml) and bookmarks for benchmarks.",
        epilog="Same arguments => same bytes; a smaller --count is a prefix of a larger one.")
    ap.add_argument("--count", type=int, required=True, help="number of records")
    ap.add_argument("--seed", type=int, default=42, help="RNG seed (default 42)")
    ap.add_argument("--kind", choices=("citation", "bookmark"), default="citation", help="default citation")
    ap.add_argument("--format", choices=("jsonl", "json", "csv", "yaml", "netscape", "opml"), default="jsonl",
                    help="default jsonl; citations: jsonl, json, csv or yaml; bookmarks: jsonl, netscape or opml")
    ap.add_argument("--out", default="-", help="output file, '-' for stdout (default)")
    a = ap.parse_args(argv)
    if a.count < 0:
        ap.error("--count must be >= 0")

    if a.kind == "bookmark":
        if a.format == "json":
            ap.error("bookmarks are written as jsonl, netscape or opml")
        records = BookmarkGenerator(a.seed).records(a.count)
        writer = lambda out: write_bookmarks(out, records, a.format)
    else:
        if a.format not in ("jsonl", "json", "csv", "yaml"):
            ap.error("citations are written as jsonl, json, csv or yaml")
        lines = CitationGenerator(a.seed).lines(a.count)
        writer = lambda out: write(out, lines, a.format)
    try:
        if a.out == "-":
            writer(sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            with open(a.out, "wb", buffering=1 << 20) as f:
                writer(f)
    except BrokenPipeError:
        # e.g. `generate.py --count 1000000 | head`: stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
