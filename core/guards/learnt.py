"""A learnt second opinion on injections: a linear scorer over words and word pairs.

The injection rules (intent.py, addressed.py, …) fit the corpora they were written
from and miss phrasings nobody wrote a pattern for. This module scores a text with a
logistic model trained on the project's own labelled corpora
(`bench/research/injection_learnt.py` writes `core/guards/data/injection_model.json`)
and is measured leave-one-corpus-out against the rules; see docs/guards.md.

Inference is pure Python over a dict of feature weights (no numpy at import or at
run time): the folded view the injection rules made already (or one pass of the same
normaliser), a word split and one dict look-up per word and word pair: p95 ~0.3 ms at
2,000 characters (`bench/research/injection_learnt.py --latency`).

Two choices keep it off ordinary chat (LoCoMo turns, never trained on, are the check):
the second-person pronouns alone are no feature (the corpora's clean rows are notes, not
chat, so "you"/"your" alone read as an order), and a text is scored only when it names
a machine, its instructions or memory, a tool or a link (`gate`) — what an injection
has to address, in the languages the corpora hold.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import regex

from core.guards.normalize import folded

MODEL = Path(__file__).with_name("data") / "injection_model.json"  # where training writes it

# Words as the guards' folded view spells them (the stdlib `re` splits twice as fast as
# `regex` here); a run of CJK (or other unspaced) script is also split into character
# pairs, since it has no spaces to split on.
_WORD = re.compile(r"[\w']+")
_UNSPACED = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}]{2,}")
MAX_CHARS = 4000
# "you", "your" alone say nothing an injection's target does not say better.
# A text's feature weights are summed and divided by the square root of how many it has,
# but never of fewer than this: a short text's few words weigh no more than a sentence's.
MIN_FEATURES = 16
_PRONOUNS = frozenset({"you", "your", "you're", "yours", "yourself"})
# A long word's first letters as well, a stem shared by its inflections and cognates
# ("instructions", "instrucciones", "instruções"; "memorise", "memorizzare"): what a corpus
# wrote in one form then counts for the others.
STEM = 5
# Word classes an injection is made of (who is spoken to, its rules, an override, a send,
# a reveal, the data, a standing scope, an advert), in the corpora's languages and a few
# more: a text gets a feature per class it holds and per pair of classes, so an order
# phrased in words no corpus used still shows its structure ("addressee & send & data").
_KINDS: dict[str, frozenset[str]] = {
    "addr": frozenset((
        "assistant", "assistants", "ai", "bot", "bots", "chatbot", "model", "models", "llm",
        "llms", "agent", "agents", "gpt", "chatgpt", "claude", "copilot", "gemini", "summariser",
        "summarizer", "asistente", "assistente", "assistent", "assistenten", "ia", "ki",
        "asystent", "asystencie", "asistan", "asistanı", "asistana", "модель", "ассистент",
        "ассистенту", "бот", "ии", "modelo", "modello", "modèle", "modell",
    )),
    "rules": frozenset((
        "instructions", "instruction", "rules", "prompt", "guidelines", "directives", "system",
        "policy", "filters", "restrictions", "guardrails", "safety", "instrucciones",
        "instruções", "istruzioni", "anweisungen", "instructies", "instrukcje", "talimatları",
        "talimatlar", "инструкции", "règles", "reglas", "regeln", "regole", "regras", "zasady",
        "kuralları", "kurallar", "правила", "consignes", "systemprompt",
    )),
    "override": frozenset((
        "ignore", "disregard", "forget", "override", "bypass", "discard", "ignora", "ignorez",
        "ignoriere", "ignorieren", "negeer", "zignoruj", "игнорируй", "забудь", "olvida",
        "oublie", "vergiss", "dimentica", "esqueça", "esqueca", "unut", "ignorar", "ignorer",
        "vergeet", "zapomnij", "yoksay", "supersedes", "overrides",
    )),
    "send": frozenset((
        "send", "forward", "email", "mail", "post", "upload", "append", "attach", "embed",
        "paste", "leak", "exfiltrate", "transmit", "envía", "envia", "envoie", "schick",
        "schicke", "sende", "invia", "stuur", "wyślij", "gönder", "отправь", "перешли", "manda",
        "render", "fetch", "call", "invoke", "http_get", "send_email", "curl", "webhook",
    )),
    "reveal": frozenset((
        "reveal", "print", "show", "output", "display", "repeat", "dump", "disclose", "list",
        "muestra", "revela", "montre", "révèle", "zeig", "zeige", "mostra", "mostre", "toon",
        "pokaż", "покажи", "göster", "recite", "verbatim",
    )),
    "data": frozenset((
        "conversation", "chat", "history", "transcript", "memories", "memory", "messages",
        "passwords", "password", "tokens", "token", "keys", "secrets", "credentials", "contacts",
        "calendar", "historial", "conversación", "historique", "verlauf", "chatverlauf",
        "cronologia", "histórico", "geschiedenis", "historia", "geçmişi", "sohbet", "историю",
        "переписку", "contraseñas", "passwort", "passwörter", "şifre", "şifreleri", "пароли",
        "dms", "profile", "address", "salary",
    )),
    "scope": frozenset((
        "always", "every", "whenever", "forever", "permanently", "henceforth", "siempre",
        "toujours", "immer", "sempre", "altijd", "zawsze", "всегда", "daima", "hep", "anyone",
        "everyone", "future", "permanent", "standing", "désormais", "künftig", "отныне",
    )),
    "promote": frozenset((
        "recommend", "promote", "recomienda", "recommande", "empfiehl", "consiglia",
        "recomende", "aanbevelen", "poleć", "öner", "рекомендуй", "advertise", "endorse",
    )),
}  # fmt: skip
# The gate: a word naming a machine, its instructions or memory, a tool or a standing
# order; a word beginning like one (inflected languages); or a link or script term.
_GATE_WORDS = frozenset((
    "assistant", "assistente", "asistente", "assistent", "assistenten", "ai", "ia", "ki", "bot",
    "bots", "chatbot", "model", "models", "modell", "modèle", "modelo", "llm", "llms", "gpt",
    "chatgpt", "claude", "gemini", "copilot", "agent", "agents", "system", "sistema", "système",
    "systeme", "prompt", "prompts", "systemprompt", "instruction", "instructions",
    "instrucciones", "instrucción", "anweisung", "anweisungen", "istruzioni", "rule", "rules",
    "règles", "reglas", "regeln", "guard", "filter", "filters", "restriction", "restrictions",
    "policy", "admin", "administrator", "developer", "jailbreak", "dan", "tool", "tools",
    "herramienta", "send_email", "memory", "memories", "mémoire", "memoria", "speicher",
    "gedächtnis", "whichever",
))  # fmt: skip
_GATE_PREFIXES = (
    "http_", "summaris", "summariz", "ассистент", "бот", "модел", "инструкци", "правил",
    "систем", "памят",
)  # fmt: skip
_GATE_SUBSTRINGS = (
    "http://", "https://", "www.", ".com/", ".io/", ".dev/", ".biz/", ".shop/", ".net/",
    ".org/", ".ru/", ".xyz/", ".ly/", "a.i.", "from now on", "going forward", "a partir de",
    "ab sofort", "à partir de", "отныне", "助手", "指示", "指令", "系统", "提示", "システム",
    "アシスタント", "ボット", "今後", "모델", "어시스턴트", "지시", "시스템", "봇",
)  # fmt: skip


class Parts(NamedTuple):
    """A text as the model sees it: its words, whether it passes the gate, its word pairs
    and the character pairs of its unspaced runs."""

    words: frozenset[str]
    gated: bool
    pairs: frozenset[tuple[str, str]]
    chars: frozenset[str]
    stems: frozenset[str]
    kinds: frozenset[str]


def parts(text: str, view: str | None = None) -> Parts:
    """Split the folded text once, for the gate, the features and the score alike. `view`
    is `folded(text)` when the caller has it already (the injection rules do)."""
    view = (folded(text) if view is None else view)[:MAX_CHARS]
    tokens = _WORD.findall(view)
    words = frozenset(tokens)
    gated = (
        not _GATE_WORDS.isdisjoint(words)
        or any(w.startswith(_GATE_PREFIXES) for w in words)
        or any(s in view for s in _GATE_SUBSTRINGS)
    )
    chars: frozenset[str] = frozenset()
    if not view.isascii():
        chars = frozenset(
            run[i : i + 2] for run in _UNSPACED.findall(view) for i in range(len(run) - 1)
        )
    stems = frozenset(w[:STEM] for w in words if len(w) > STEM + 1)
    held = sorted(kind for kind, lexicon in _KINDS.items() if not lexicon.isdisjoint(words))
    if "http" in view or "www." in view or "@" in view:
        held.append("url")
    kinds = frozenset(held) | {a + "&" + b for i, a in enumerate(held) for b in held[i + 1 :]}
    return Parts(words - _PRONOUNS, gated, frozenset(pairwise(tokens)), chars, stems, kinds)


def features(text: str) -> set[str]:
    """The features a text is scored on, as the model file names them: words ("w:"),
    adjacent word pairs ("b:"), character pairs of unspaced scripts ("c:") and the stems
    of long words ("p:")."""
    return names(parts(text))


def names(p: Parts) -> set[str]:
    """`features` of a text already split."""
    out = {"w:" + w for w in p.words}
    out.update("b:" + a + " " + b for a, b in p.pairs)
    out.update("c:" + c for c in p.chars)
    out.update("p:" + s for s in p.stems)
    out.update("k:" + k for k in p.kinds)
    return out


def gate(text: str) -> bool:
    """True when the text names what an injection addresses (see the module docstring):
    only then is it scored."""
    return parts(text).gated


def probability(z: float) -> float:
    return 0.0 if z < -60 else 1.0 / (1.0 + math.exp(-z))


def score(weights: dict[str, float], bias: float, feats: set[str]) -> float:
    """Probability that the features are an injection's (presence features, L2-normalised
    by how many a text has, as in training)."""
    total = sum(weights.get(f, 0.0) for f in feats)
    return probability(bias + total / math.sqrt(max(len(feats), MIN_FEATURES)))


class Model(NamedTuple):
    """The model file split by feature kind, so scoring needs no feature strings built."""

    words: dict[str, float]
    pairs: dict[tuple[str, str], float]
    chars: dict[str, float]
    stems: dict[str, float]
    kinds: dict[str, float]
    bias: float
    threshold: float


@cache
def model() -> Model:
    text = resources.files("core.guards").joinpath("data/injection_model.json").read_text("utf-8")
    data = json.loads(text)
    words, pairs, chars, stems, kinds = {}, {}, {}, {}, {}
    for name, weight in data["weights"].items():
        kind, _, body = name.partition(":")
        if kind == "w":
            words[body] = weight
        elif kind == "b":
            a, _, b = body.partition(" ")
            pairs[(a, b)] = weight
        elif kind == "p":
            stems[body] = weight
        elif kind == "k":
            kinds[body] = weight
        else:
            chars[body] = weight
    return Model(words, pairs, chars, stems, kinds, float(data["bias"]), float(data["threshold"]))


def injection_score(text: str, view: str | None = None) -> float:
    """The shipped model's probability that `text` is an injection (0 when it does not
    pass the gate): the same number `score` gives over `features(text)`."""
    p = parts(text, view)
    if not p.gated:
        return 0.0
    m = model()
    get_w, get_p, get_c, get_s, get_k = (
        m.words.get,
        m.pairs.get,
        m.chars.get,
        m.stems.get,
        m.kinds.get,
    )
    total = (
        sum(get_w(w, 0.0) for w in p.words)
        + sum(get_p(pair, 0.0) for pair in p.pairs)
        + sum(get_c(c, 0.0) for c in p.chars)
        + sum(get_s(s, 0.0) for s in p.stems)
        + sum(get_k(k, 0.0) for k in p.kinds)
    )
    n = len(p.words) + len(p.pairs) + len(p.chars) + len(p.stems) + len(p.kinds)
    return probability(m.bias + total / math.sqrt(max(n, MIN_FEATURES)))


def learnt_injection(text: str, view: str | None = None) -> bool:
    """True when the shipped model scores `text` at or above its threshold (chosen on
    out-of-fold scores of the training corpora)."""
    return injection_score(text, view) >= model().threshold
