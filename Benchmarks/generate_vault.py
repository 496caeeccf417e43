#!/usr/bin/env python3
"""Deterministic highlights for the Cardport vault re-export benchmark.

    generate_vault.py --count N [--per-book P] [--changed C] [--seed S] --out DIR

Output: DIR/base.jsonl, N citations in N / P books (default P = 50: 2,000 books for 100,000), each
with an author, a source and a location, a fifth with a note; and DIR/changed.jsonl, the same
citations with the note of C of them (default 100, each in a different book) changed. Exporting
base.jsonl makes the vault; exporting changed.jsonl into it must rewrite only C notes.

Python 3 standard library only; the same arguments give the same bytes.
"""

import argparse
import json
import random


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--per-book", type=int, default=50)
    parser.add_argument("--changed", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    words = ["light", "dark", "river", "stone", "walls", "time", "hand", "idea", "grass", "return",
             "journey", "truth", "left", "winter", "ice", "gate", "road", "sea", "fire", "name"]
    books = max(1, args.count // args.per_book)
    base = []
    for index in range(args.count):
        book, place = index // args.per_book, index % args.per_book
        text = " ".join(rng.choice(words) for _ in range(rng.randint(8, 40))).capitalize() + "."
        record = {"kind": "citation", "text": text, "author": f"Author {book % 300}",
                  "source": f"Book number {book}", "location": f"location {place * 10 + 1}-{place * 10 + 4}"}
        if rng.random() < 0.2:
            record["note"] = " ".join(rng.choice(words) for _ in range(rng.randint(3, 15)))
        base.append(record)
    changed = [dict(record) for record in base]
    step = max(1, books // max(1, args.changed)) * args.per_book
    for number in range(min(args.changed, books)):
        record = changed[number * step + rng.randrange(args.per_book)]
        record["note"] = f"Changed on a second reading ({number})."
    for name, records in (("base.jsonl", base), ("changed.jsonl", changed)):
        with open(f"{args.out}/{name}", "w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
