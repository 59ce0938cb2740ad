"""Word segmentation for scripts written without spaces (Chinese, Japanese; Korean too).

Why this exists: both full-text engines split words on spaces and punctuation, so
"本番環境へのデプロイは毎週火曜日です" is one 17-character "word" that no question
ever matches. The standard fix without a dictionary (Lucene's CJKBigramFilter, the
approach of most search engines) is overlapping character bigrams: the sentence
becomes 本番 番環 環境 … and the question "デプロイはいつですか" becomes デプ プロ ロイ
…, which meet on the shared words. A run of one character is kept as it is.

The same transform runs on both sides:
- the index side, `index_text`: the SQLite store registers it as the SQL function
  `memorybot_index_text` its FTS triggers call, and the PostgreSQL migration 0150
  defines a PL/pgSQL twin (same character ranges, same output) for the tsvector;
  0180's version also appends the words of tokens PostgreSQL's parser keeps whole
  (hosts, addresses, paths, versions), which SQLite's tokenizer splits anyway;
- the query side, `split_word`: `core.recall.textsearch` turns each CJK run of a
  question into the same bigrams, and coverage reads memories the same way.

Changing the output changes what the SQLite index must delete for an old row: any
change here needs a migration that rebuilds both indexes.
"""

from __future__ import annotations

import re
import unicodedata

# Hangul Jamo, Hiragana/Katakana (with the prolonged sound mark), Hangul
# compatibility Jamo, CJK extension A, unified ideographs, Hangul syllables,
# compatibility ideographs, and the supplementary ideograph planes.
_RANGES = (
    "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
)
CJK_RUN = re.compile(f"[{_RANGES}]+")
_HIRAGANA_ONLY = re.compile("[\u3040-\u309f]+")


def has_cjk(text: str) -> bool:
    return CJK_RUN.search(text) is not None


def bigrams(run: str) -> list[str]:
    """Overlapping character pairs of a CJK run; a single character stays whole."""
    if len(run) < 2:
        return [run] if run else []
    return [run[i : i + 2] for i in range(len(run) - 1)]


def split_word(word: str) -> list[str]:
    """A word token as search terms: its CJK runs as bigrams, other parts unchanged."""
    if not has_cjk(word):
        return [word]
    out: list[str] = []
    last = 0
    for match in CJK_RUN.finditer(word):
        if match.start() > last:
            out.append(word[last : match.start()])
        out += bigrams(match.group(0))
        last = match.end()
    if last < len(word):
        out.append(word[last:])
    return out


def is_function_gram(term: str) -> bool:
    """A bigram of hiragana only: in Japanese mostly particles and endings (は, です,
    ます), which a question should not search for when it has kanji or katakana."""
    return _HIRAGANA_ONLY.fullmatch(term) is not None


def index_text(text: str) -> str:
    """The text the full-text index stores: NFKC (half-width katakana, full-width
    Latin), then every CJK run replaced by its space-separated bigrams."""
    text = unicodedata.normalize("NFKC", text)
    if not has_cjk(text):
        return text
    return CJK_RUN.sub(lambda m: " " + " ".join(bigrams(m.group(0))) + " ", text)
