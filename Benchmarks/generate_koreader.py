#!/usr/bin/env python3
"""Deterministic synthetic KOReader sidecar folders for the Cardport benchmarks.

    generate_koreader.py --count N [--books B] [--seed S] --out DIR

Output: DIR/<book>.sdr/metadata.epub.lua for B books (default N / 20), N highlights in all, as
KOReader writes them: `-- path` comment, `return {`, keys in sorted order, strings escaped as
Lua's %q does (a line break is a backslash and a new line).

Content
  layout      ~70% of books in the `annotations` layout, ~30% in the legacy `bookmarks` +
              `highlight` layout (with the generated `Page N … @ date` text on ~half of them).
  highlights  texts from generate.py's citation texts (20-600 characters, accents, emoji, CJK,
              some line breaks); ~15% with a note; ~5% page bookmarks besides (counted, skipped).
  settings    the ~50 reader settings a real sidecar holds (fonts, margins, stats, doc_props).
  backups     every tenth book also has a `metadata.epub.lua.old` the reader must not read.

Python 3 standard library only; the same arguments give the same bytes.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the citation text generator)

KOREADER_GENERATOR_VERSION = 1

SETTINGS = [
    ("bookmarks_sorted_20220106", "true"), ("cre_dom_version", "20210904"), ("css", '"./data/epub.css"'),
    ("config_panel_index", "1"), ("copt_b_page_margin", "15"), ("copt_block_rendering_mode", "3"),
    ("copt_cjk_width_scaling", "100"), ("copt_embedded_css", "1"), ("copt_embedded_fonts", "1"),
    ("copt_font_base_weight", "0"), ("copt_font_gamma", "15"), ("copt_font_hinting", "2"),
    ("copt_font_kerning", "3"), ("copt_font_size", "22"), ("copt_line_spacing", "100"),
    ("copt_nightmode_images", "1"), ("copt_render_dpi", "96"), ("copt_rotation_mode", "0"),
    ("copt_smooth_scaling", "0"), ("copt_status_line", "1"), ("copt_sync_t_b_page_margins", "0"),
    ("copt_t_page_margin", "15"), ("copt_view_mode", "0"), ("copt_visible_pages", "1"),
    ("copt_word_expansion", "0"), ("floating_punctuation", "0"), ("font_face", '"Noto Serif"'),
    ("font_family_fonts", "{}"), ("handmade_flows_enabled", "false"), ("handmade_toc_enabled", "false"),
    ("header_font_face", '"Noto Sans"'), ("hide_nonlinear_flows", "false"), ("highlight_drawer", '"lighten"'),
    ("hyph_force_algorithmic", "false"), ("hyph_soft_hyphens_only", "false"), ("hyphenation", "true"),
    ("inverse_reading_order", "false"), ("page_overlap_style", '"dim"'), ("partial_rerendering", "true"),
    ("preferred_dictionaries", "{}"), ("readermenu_tab_index", "1"), ("show_overlap_enable", "false"),
    ("text_lang_embedded_langs", "true"), ("toc_ticks_ignored_levels", "{}"),
]
DRAWERS = ("lighten", "lighten", "lighten", "underscore", "strikeout", "invert")
COLOURS = ("yellow", "yellow", "yellow", "green", "blue", "red", "orange", "purple", "gray")


def lua_string(text):
    out = ['"']
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32:
            out.append("\\%d" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def datetime(t):
    y, m, d, hh, mm, ss = civil(t)
    return "%04d-%02d-%02d %02d:%02d:%02d" % (y, m, d, hh, mm, ss)


def civil(t):
    days, rest = divmod(t, 86400)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (y + (m <= 2), m, d, rest // 3600, rest // 60 % 60, rest % 60)


class KOReaderGenerator:
    def __init__(self, seed):
        self.r = random.Random("cardport-koreader-v%d:%d" % (KOREADER_GENERATOR_VERSION, seed))
        self.texts = generate.CitationGenerator(seed)
        self.time = 1_500_000_000

    def book(self, index, count):
        r = self.r
        words = generate.ENGLISH
        title = " ".join(r.choice(words).capitalize() for _ in range(r.randint(1, 5)))
        author = "%s %s" % (r.choice(words).capitalize(), r.choice(words).capitalize())
        if r.random() < 0.1:
            author += "\n%s %s" % (r.choice(words).capitalize(), r.choice(words).capitalize())
        legacy = r.random() < 0.3
        items = []
        page = 1
        for i in range(count):
            self.time += r.randint(5, 5000)
            page += r.randint(0, 8)
            frag = 2 + page // 10
            start = r.randint(0, 400)
            text = self.texts.text()
            items.append({
                "text": text, "note": self.texts.text()[:200] if r.random() < 0.15 else None,
                "chapter": "Chapter %d" % (1 + page // 12), "datetime": datetime(self.time),
                "drawer": r.choice(DRAWERS), "color": r.choice(COLOURS), "pageno": page,
                "pos0": "/body/DocFragment[%d]/body/p[%d]/text().%d" % (frag, page % 40 + 1, start),
                "pos1": "/body/DocFragment[%d]/body/p[%d]/text().%d" % (frag, page % 40 + 1, start + len(text)),
            })
            if r.random() < 0.05:
                items.append({"bookmark": True, "chapter": "Chapter %d" % (1 + page // 12),
                              "datetime": datetime(self.time + 1), "pageno": page,
                              "page": "/body/DocFragment[%d]/body/p[1]/text().0" % frag})
        path = "/mnt/onboard/Books/%s.epub" % title
        lines = ["-- %s" % path, "return {"]
        if legacy:
            lines += self.legacy(items)
        else:
            lines += self.annotations(items)
        for key, value in SETTINGS:
            lines.append('    ["%s"] = %s,' % (key, value))
        lines.append('    ["doc_pages"] = %d,' % (page + r.randint(10, 300)))
        lines.append('    ["doc_path"] = %s,' % lua_string(path))
        lines.append('    ["doc_props"] = {')
        lines.append('        ["authors"] = %s,' % lua_string(author))
        lines.append('        ["language"] = "en",')
        lines.append('        ["title"] = %s,' % lua_string(title))
        lines.append("    },")
        lines.append('    ["partial_md5_checksum"] = "%032x",' % r.getrandbits(128))
        lines.append('    ["percent_finished"] = %.14g,' % r.random())
        lines.append('    ["stats"] = {')
        lines.append('        ["authors"] = %s,' % lua_string(author))
        lines.append('        ["highlights"] = %d,' % count)
        lines.append('        ["pages"] = %d,' % (page + 10))
        lines.append('        ["title"] = %s,' % lua_string(title))
        lines.append("    },")
        lines.append('    ["summary"] = {')
        lines.append('        ["modified"] = "%s",' % datetime(self.time)[:10])
        lines.append('        ["status"] = "reading",')
        lines.append("    },")
        lines.append("}")
        return title, "\n".join(lines) + "\n"

    def annotations(self, items):
        lines = ['    ["annotations"] = {']
        for i, it in enumerate(items, 1):
            lines.append("        [%d] = {" % i)
            lines.append('            ["chapter"] = %s,' % lua_string(it["chapter"]))
            if it.get("bookmark"):
                lines.append('            ["datetime"] = "%s",' % it["datetime"])
                lines.append('            ["page"] = "%s",' % it["page"])
                lines.append('            ["pageno"] = %d,' % it["pageno"])
                lines.append('            ["text"] = %s,' % lua_string("in " + it["chapter"]))
            else:
                lines.append('            ["color"] = "%s",' % it["color"])
                lines.append('            ["datetime"] = "%s",' % it["datetime"])
                lines.append('            ["drawer"] = "%s",' % it["drawer"])
                if it["note"]:
                    lines.append('            ["note"] = %s,' % lua_string(it["note"]))
                lines.append('            ["page"] = "%s",' % it["pos0"])
                lines.append('            ["pageno"] = %d,' % it["pageno"])
                lines.append('            ["pos0"] = "%s",' % it["pos0"])
                lines.append('            ["pos1"] = "%s",' % it["pos1"])
                lines.append('            ["text"] = %s,' % lua_string(it["text"]))
            lines.append("        },")
        lines.append("    },")
        return lines

    def legacy(self, items):
        r = self.r
        lines = ['    ["bookmarks"] = {']
        for i, it in enumerate(reversed(items), 1):
            lines.append("        [%d] = {" % i)
            lines.append('            ["chapter"] = %s,' % lua_string(it["chapter"]))
            lines.append('            ["datetime"] = "%s",' % it["datetime"])
            if it.get("bookmark"):
                lines.append('            ["notes"] = %s,' % lua_string("in " + it["chapter"]))
                lines.append('            ["page"] = "%s",' % it["page"])
            else:
                lines.append('            ["highlighted"] = true,')
                lines.append('            ["notes"] = %s,' % lua_string(it["text"]))
                lines.append('            ["page"] = "%s",' % it["pos0"])
                lines.append('            ["pos0"] = "%s",' % it["pos0"])
                lines.append('            ["pos1"] = "%s",' % it["pos1"])
                if it["note"]:
                    lines.append('            ["text"] = %s,' % lua_string(it["note"]))
                elif r.random() < 0.5:
                    auto = "Page %d %s @ %s" % (it["pageno"], it["text"], it["datetime"])
                    lines.append('            ["text"] = %s,' % lua_string(auto))
            lines.append("        },")
        lines.append("    },")
        lines.append('    ["highlight"] = {')
        pages = {}
        for it in items:
            if not it.get("bookmark"):
                pages.setdefault(it["pageno"], []).append(it)
        for page in sorted(pages):
            lines.append("        [%d] = {" % page)
            for j, it in enumerate(pages[page], 1):
                lines.append("            [%d] = {" % j)
                lines.append('                ["chapter"] = %s,' % lua_string(it["chapter"]))
                lines.append('                ["datetime"] = "%s",' % it["datetime"])
                lines.append('                ["drawer"] = "%s",' % it["drawer"])
                lines.append('                ["pos0"] = "%s",' % it["pos0"])
                lines.append('                ["pos1"] = "%s",' % it["pos1"])
                lines.append('                ["text"] = %s,' % lua_string(it["text"]))
                lines.append("            },")
            lines.append("        },")
        lines.append("    },")
        lines.append('    ["highlights_imported"] = true,')
        return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, required=True, help="highlights in all")
    parser.add_argument("--books", type=int, help="sidecars (default: count / 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="the folder to create")
    args = parser.parse_args(argv)
    books = args.books or max(1, args.count // 20)
    gen = KOReaderGenerator(args.seed)
    os.makedirs(args.out, exist_ok=True)
    base, extra = divmod(args.count, books)
    for b in range(books):
        count = base + (1 if b < extra else 0)
        title, text = gen.book(b, count)
        folder = os.path.join(args.out, "%05d %s.sdr" % (b, title[:60].replace("/", "_")))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "metadata.epub.lua"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        if b % 10 == 0:
            with open(os.path.join(folder, "metadata.epub.lua.old"), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
