"""BIP-39 seed phrases in the other official word lists: Spanish, French, Italian,
Portuguese, Czech, Japanese, Korean and Chinese (simplified and traditional).

A wallet shows its seed in the language its owner chose, so "mi frase semilla: puesto
cosmos …" or "助记词：鸭 卖 斜 …" is as much a seed as twelve English words. Ordinary
prose in those languages is made of the same everyday words, so a run of list words is
not enough: what is refused is a run of 12-24 words whose BIP-39 checksum holds (the
last 4-8 bits are SHA-256 of the rest, which twelve words drawn from the list match
once in sixteen, a sentence almost never). The lists are shipped verbatim
(`data/bip39_<language>.txt`, MIT, byte for byte those of the BIP and of the `mnemonic`
package; their SHA-256 is checked by `tests/test_guards_seed_lists.py`).

How people write them, read alike: the text is NFKC already (`privacy.check_privacy`),
which makes Japanese's ideographic space a space and composes accents and Hangul, so
words are matched in that form; Spanish and French words also without their accents
("metodo" for "método"), which neither list needs to tell two words apart. Chinese words
are single characters: spaced ("鸭 卖 斜 …") they are words like any other; run together
("鸭卖斜…") they count only as a line of their own or after a naming word.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

import regex

from core.guards.budget import Budget
from core.guards.wallets import checksum_holds

LANGUAGES = (
    "spanish", "french", "italian", "portuguese", "czech", "japanese", "korean",
    "chinese_simplified", "chinese_traditional",
)  # fmt: skip
_ACCENTED = frozenset({"spanish", "french"})
_SIZES = (24, 21, 18, 15, 12)
_MIN = 12
# A seed copied with a word before or after it ("seed: …", "… (Trezor)") that happens to
# be a list word: windows are tried from the run's first three and last three words.
_SLACK = 3
_RUN_OF_WORDS = b"\x01" * _MIN

# Between two words of a phrase: spaces, numbering ("1.", "2)"), punctuation of any
# script (the ideographic space is a space after NFKC; "、" and "，" are not).
_WIDE_SEPARATORS = ("–", "—", "“", "”", "‘", "’", "«", "»", "、", "，", "：", "；", "。", "！",
                    "？", "（", "）", "「", "」", "『", "』", "・")  # fmt: skip
_ASCII_SEPARATORS = bytes(
    0x20 if chr(code) in "0123456789,;:/|\\-.()[]{}<>\"'`!?*#" else code for code in range(256)
)
_HAN_RUN = regex.compile(r"(?<!\p{Han})\p{Han}{12,24}(?!\p{Han})")
_NAMED = regex.compile(
    r"(?i)助记词|助記詞|种子|種子|钱包|錢包|备份|備份|恢复|恢復|复原|復原|私钥|私鑰|mnemonic|seed"
    r"|wallet|backup|recovery"
)


def read_list(language: str) -> list[str]:
    """The 2,048 words of one official list, in its order (a word's number is its line)."""
    path = resources.files("core.guards").joinpath(f"data/bip39_{language}.txt")
    return path.read_text("utf-8").split()


def _plain(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


@cache
def word_numbers() -> dict[str, tuple[tuple[int, int], ...]]:
    """Each word as the text may hold it -> (language number, word number) pairs."""
    table: dict[str, list[tuple[int, int]]] = {}
    for lang_no, language in enumerate(LANGUAGES):
        for number, word in enumerate(read_list(language)):
            forms = {unicodedata.normalize("NFKC", word)}
            if language in _ACCENTED:
                forms.add(_plain(word))
            for form in forms:
                table.setdefault(form, []).append((lang_no, number))
    return {form: tuple(pairs) for form, pairs in table.items()}


@cache
def _encoded_words() -> frozenset[bytes]:
    """The forms of `word_numbers`, UTF-8 encoded: what the token pass compares."""
    return frozenset(form.encode("utf-8") for form in word_numbers())


def _windows(numbers: list[int]) -> bool:
    """Some 12-24-word window near either end of a run of one list's words checks out."""
    length = len(numbers)
    for size in _SIZES:
        if size > length:
            continue
        last = length - size
        starts = {*range(min(_SLACK, last + 1)), *range(max(0, last - _SLACK + 1), last + 1)}
        if any(checksum_holds(numbers[s : s + size]) for s in starts):
            return True
    return False


def _runs(pairs: list[tuple[tuple[int, int], ...]]) -> bool:
    """Within consecutive list words (any list), each language's own runs, checked."""
    for lang_no in {lang for entry in pairs for lang, _ in entry}:
        run: list[int] = []
        for entry in [*pairs, ()]:
            number = next((n for lang, n in entry if lang == lang_no), None)
            if number is not None:
                run.append(number)
                continue
            if len(run) >= _MIN and _windows(run):
                return True
            run = []
    return False


def other_language_seeds(text: str, budget: Budget) -> bool:
    """A BIP-39 seed phrase in one of the other official lists, its checksum right."""
    if len(text) < _MIN:  # twelve Chinese characters run together are the shortest
        return False
    table = word_numbers()
    # Separators, digits and punctuation made spaces in one C pass: words are what is left.
    lowered = text.lower()
    if not lowered.isascii():
        for wide in _WIDE_SEPARATORS:
            if wide in lowered:
                lowered = lowered.replace(wide, " ")
    # UTF-8 bytes, ASCII separators made spaces by one C translate: a word's bytes are
    # left whole (its non-ASCII bytes are all 0x80 or above, which the table keeps).
    # (a lone surrogate, which no list word holds, becomes "?" rather than an error)
    tokens = lowered.encode("utf-8", "replace").translate(_ASCII_SEPARATORS).split()
    if len(tokens) >= _MIN:
        marks = bytes(map(_encoded_words().__contains__, tokens))  # 1 for a list word
        start = marks.find(_RUN_OF_WORDS)
        while start != -1:
            end = marks.find(b"\x00", start)
            end = len(marks) if end == -1 else end
            words = [token.decode("utf-8") for token in tokens[start:end]]
            if _runs([table[word] for word in words]):
                return True
            start = marks.find(_RUN_OF_WORDS, end)
    if not text.isascii() and budget.search(_HAN_RUN, text):
        return _han_runs(text, table, budget)
    return False


def _han_runs(text: str, table: dict[str, tuple[tuple[int, int], ...]], budget: Budget) -> bool:
    """Chinese characters run together: a seed when the run is a whole line of a BIP-39
    length, or a naming word stands in the text, and the checksum holds."""
    named = budget.search(_NAMED, text) is not None
    for m in budget.finditer(_HAN_RUN, text):
        chars = m.group(0)
        if len(chars) not in _SIZES or not all(ch in table for ch in chars):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start : len(text) if line_end == -1 else line_end]
        if not named and line.strip() != chars:
            continue
        if _runs([table[ch] for ch in chars]):
            return True
    return False
