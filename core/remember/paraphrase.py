"""Near misses: two texts that may be one fact because every word is accounted for.

Since recon10 (2026-12-04) this rule folds nothing: MERGE needs a proven transformation
(`transforms`), and `is_paraphrase` only names the candidate an ADD offers for review
(`reconcile.near_miss`). It is kept for that, and for `bench/reconcile_embedder.py`;
`transforms` reuses its `typo`, `acronyms_written` and `patterns`.

Why this shape: the rules that came before folded two texts unless some rule found a
difference that mattered ("Olga's old laptop", "lunch"/"dinner", "picks up"/"drops
off"), and each round of such rules fixed the split it was tuned on and none written
blind (issue 11: 8 % of a blind split's distinct facts folded). Here the burden is the
other way round: the texts are a restatement only when

- both have the same polarity, grammatical persons and tense, and the same names,
  numbers and identifiers (`distinctions`), and shared names stand in the same order
  (unless exactly one side is passive: "Bob manages Alice" / "Alice is managed by Bob");
- the function words that carry a fact ("off", "with", "before", "this", "most", "can")
  are the same set on both sides, but "every"/"each" before a noun the other side gives
  as a bare plural ("each call is routed" / "calls are routed");
- every meaningful word of each side is paired with one of the other: the same stem,
  a collocation or synonym the lexicon knows (`synonyms`, never an opposite), or a
  typo of it (a word no lexicon knows, one letter dropped, added, swapped or changed;
  between two words no lexicon knows, only a doubled letter typed once); a light verb
  that only restates "is" ("takes place", "is held", "runs on", "lives in") may stand
  unpaired, and two such verbs pair with each other.

An acronym in capitals on one side stands for the run of words on the other whose
initials it spells ("FDE" / "full disk encryption", `acronyms_written`), so it is no
name of its own there.

Anything unpaired is taken for a fact of its own, and the caller ADDs: a missed
duplicate costs a second memory, a wrong fold loses a fact.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import regex

from core.recall.textsearch import STOPWORDS
from core.remember import distinctions
from core.remember.canonical import TEXT_CACHE_SIZE
from core.remember.distinctions import FILLER, distinguishing, marked, negated, persons_apart, stem
from core.remember.revision import DETERMINERS, TIME_WORDS, revision_kind, verb_like
from core.remember.synonyms import (
    MAX_RANK,
    irregular,
    lemmas,
    opposite,
    parts_of_speech,
    phrase_at,
    same_sense,
    synonymous,
)
from core.remember.wording import joined, normal_word, tokens

# Function words that carry the fact: a side that has one the other lacks says something else.
_CARRYING_TEXT = """off out up down over under above below before after with without against
    between into onto from until till during through since per than only own other same
    too more less most least all many some few several both none any each every this
    these those can could should must might shall no nor not"""
CARRYING = frozenset(_CARRYING_TEXT.split())
# Carrying words that say the same ("over 500" / "above 500"), mapped to one.
_SAME_CARRYING = {"above": "over", "below": "under", "till": "until", "each": "all", "every": "all"}
# Which tense a form of an auxiliary sets ("was" / "is": the fact held, or holds).
_PAST_TEXT = "was were had did"
_PAST = frozenset(_PAST_TEXT.split())
_PRESENT_TEXT = "is are am has have do does"
_PRESENT = frozenset(_PRESENT_TEXT.split())
# Verbs that only restate a form of "be" ("the review takes place on May 4", "the DB
# runs on port 6543", "the archive lives in Glacier", "the vacation lasts until May"):
# unpaired, they add no fact when the other side says "is".
_LIGHT_TEXT = """happen occur take_place held hold scheduled located situated set planned cost
    hosted based kept stored run live sit last"""
_LIGHT = frozenset(_LIGHT_TEXT.split())
_HAPPEN_TEXT = "happen occur take_place"
_HAPPEN = frozenset(_HAPPEN_TEXT.split())
_BE_TEXT = "is are am was were be been being"
_BE = frozenset(_BE_TEXT.split())
_GET_TEXT = "get gets got gotten getting"
_GET = frozenset(_GET_TEXT.split())
_PREPOSITIONS_TEXT = """for of to from by with at in on about over under between against
    into onto toward towards behind beside near"""
_PREPOSITIONS = frozenset(_PREPOSITIONS_TEXT.split())
_TOKEN = regex.compile(r"[\p{L}\p{N}]+")
# Two words pair when they share one of their two commonest senses ("needs" / "requires",
# "shuts" / "closes"), a verb's hypernym included; or one synset itself within their four
# commonest (`synonyms.same_sense`: "departs" / "leaves", "coaches" / "trains", "flat" /
# "apartment"), never by a hypernym link at that depth ("cooks" / "bakes": one who bakes
# also cooks, not the reverse). Rarer senses pair siblings ("shift" / "break", the sixth
# sense of both).
PARAPHRASE_RANK = 2
SAME_SENSE_RANK = MAX_RANK
TYPO_MIN = 4  # letters a word needs before one slip of the keyboard is taken for a typo
DOUBLED_MIN = 7  # ... and before a doubled letter typed once pairs two words no lexicon knows


def is_paraphrase(old: str, new: str) -> bool:
    """True when the two say the same thing (see the module docstring)."""
    left = leftover(old, new)
    return left is not None and not left[0] and not left[1]


@functools.lru_cache(maxsize=8192)
def leftover(old: str, new: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """None when the texts differ in something that tells facts apart (polarity,
    persons, tense, a name, number or id, the order of names, a fact-carrying function
    word); else the meaningful words (stems) of each side that nothing on the other
    pairs. Both empty: a paraphrase. Words left: no evidence either way, which the
    rules take for another fact (an embedder's second opinion may weigh them)."""
    old, new = acronyms_written(old, new)
    if negated(old) != negated(new) or persons_apart(old, new) or distinguishing(old, new):
        return None
    if patterns(old) != patterns(new):
        return None  # "the log-* indices" / "the logs-* indices": two patterns, two sets
    a, b = aligned(old, new)
    if _tenses_apart(a, b) or _verb_forms_apart(a, b) or not names_in_order(old, new, a, b):
        return None
    left_a, left_b, phrased_a, phrased_b = unpaired(
        a, b, marked(old) | marked(new), cased(old, new)
    )
    carrying_a, carrying_b = _carrying(a, phrased_a), _carrying(b, phrased_b)
    if carrying_a != carrying_b and not _generic_plural(a, b, carrying_a ^ carrying_b):
        return None
    if left_a:  # nothing to take away from an empty side: skip the scan
        left_a -= classifiers(old, new)
    if left_b:
        left_b -= classifiers(new, old)
    units_a, units_b = content(a), content(b)
    if _all_light(left_a, units_a) and _all_light(left_b, units_b):
        return frozenset(), frozenset()  # "lives in Glacier" / "is stored in Glacier"
    if _light_only(left_a, units_a, b):
        left_a = set()
    if _light_only(left_b, units_b, a):
        left_b = set()
    return frozenset(left_a), frozenset(left_b)


_EDGE_PUNCTUATION = ",.;:!?()[]{}\"'“”‘’"
_PATH = regex.compile(r"[\p{L}\p{N}.\-]{2,}/[\p{L}\p{N}.\-]{2,}")


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def patterns(text: str) -> frozenset[str]:
    """The words typed as a pattern or a path ("log-*", "release/2.x", "new_checkout"),
    case-folded: machine names a person types exactly, so a letter more or less
    ("logs-*") names another thing, though the words' stems meet. A unit written with
    a slash ("req/min") is no path."""
    found = set()
    for raw in text.split():
        word = raw.strip(_EDGE_PUNCTUATION).casefold()
        path = _PATH.search(word) and any(ch.isdigit() or ch in ".-" for ch in word)
        if any(ch.isalpha() for ch in word) and ("*" in word or "_" in word or path):
            found.add(word)
    return frozenset(found)


_ACRONYM = regex.compile(r"\b(\p{Lu}{2,5})(s?)\b")
_SPELLED = regex.compile(r"[\p{L}][\p{L}'’-]*")


@functools.lru_cache(maxsize=8192)
def acronyms_written(old: str, new: str) -> tuple[str, str]:
    """Both texts with a run of words that one side spells out and the other writes as
    its initials made the initials ("full disk encryption" beside "FDE", "point of
    contact" beside "POC", "pull requests" beside "PRs"), so the acronym is no name of
    its own. Only an acronym in capitals the other text lacks, and only a run of two or
    more words whose first letters are exactly its letters.

    Cached by the pair: `transforms.merge_path` (in `reconcile.compare`) and `leftover`
    (an ADD's near miss) ask it of the same pair, and each call searches with a
    pattern built per acronym."""
    if not (_ACRONYM.search(old) or _ACRONYM.search(new)):
        return old, new
    return _spelled_as(new, old), _spelled_as(old, new)


def _spelled_as(source: str, target: str) -> str:
    """`target` with each run of words spelling an acronym of `source` replaced by it."""
    for found in _ACRONYM.finditer(source):
        letters, plural = found.group(1), found.group(2)
        if regex.search(rf"\b{letters}s?\b", target):
            continue
        spans = list(_SPELLED.finditer(target))
        for i in range(len(spans) - len(letters) + 1):
            run = spans[i : i + len(letters)]
            initials = "".join(m.group()[0] for m in run).upper()
            if initials == letters and not any(m.group().isupper() for m in run):
                last = run[-1].group()
                tail = "s" if plural or last.casefold().endswith("s") else ""
                target = target[: run[0].start()] + letters + tail + target[run[-1].end() :]
                break
    return target


@functools.lru_cache(maxsize=4096)
def cased(old: str, new: str) -> frozenset[str]:
    """The words typed with a capital in either text (case-folded): names, which no
    typo pairs ("Jonas" / "Jonah")."""
    return frozenset(
        w.casefold() for text in (old, new) for w in _TOKEN.findall(text) if w[:1].isupper()
    )


def classifiers(mine_text: str, other_text: str) -> set[str]:
    """Stems of words that only class the identifier typed after them and that the
    other text leaves out while it keeps the identifier ("[Ticket] INC-4411" /
    "INC-4411", "[Flight] LH 1234" / "LH 1234"; not "web-03" / "db-03")."""
    mine = mine_text.split()
    other = {w.strip(",.;:!?").casefold() for w in other_text.split()}
    found = set()
    for i, (word, ident) in enumerate(itertools.pairwise(mine)):
        ident = ident.strip(",.;:!?").casefold()
        following = mine[i + 2].casefold() if i + 2 < len(mine) else ""
        is_id = any(ch.isdigit() for ch in ident) or (
            ident.isalpha() and mine[i + 1].isupper() and any(ch.isdigit() for ch in following)
        )
        if not is_id:
            continue
        bare = word.strip(",.;:!?").casefold()
        if not bare.isalpha() or ident not in other or bare in other:
            continue
        if stem(normal_word(bare)) not in TIME_WORDS:  # "friday 6pm": a day, not a class
            found.add(stem(bare))
    return found


@functools.lru_cache(maxsize=8192)
def aligned(old: str, new: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Both texts' comparison words, a compound written as one word on the other side
    joined ("log in" beside "login")."""
    a, b = tokens(old), tokens(new)
    return joined(a, b), joined(b, a)


def _carrying(words: Sequence[str], phrased: frozenset[str] = frozenset()) -> frozenset[str]:
    """The fact-carrying function words, but those inside a collocation that was paired
    ("out of order" for "broken", "kicks off" for "starts")."""
    return frozenset(
        _SAME_CARRYING.get(w, w)
        for i, w in enumerate(words)
        if w in CARRYING and w not in phrased and not _habitual(w, words[i + 1 : i + 2])
    )


_SPECIFIC = frozenset(["the", "this", "that", "these", "those"])


def _generic_plural(a: Sequence[str], b: Sequence[str], apart: frozenset[str]) -> bool:
    """True when the texts differ only in "every"/"each" before a noun that the other
    text gives as a bare plural: "each inbound call is routed" / "inbound calls are
    routed", "every PR needs two approvals" / "PRs need two approvals" (not "the PRs":
    some PRs, not all)."""
    if apart != {"all"}:
        return False
    with_all, bare = (a, b) if any(w in ("every", "each") for w in a) else (b, a)
    if any(w in ("every", "each", "all") for w in bare):
        return False
    plurals = {j: w for j, w in enumerate(bare) if w.endswith("s") and w not in STOPWORDS}
    for i, word in enumerate(with_all[:-1]):
        if word not in ("every", "each"):
            continue
        for noun in with_all[i + 1 : i + 4]:
            j = next((j for j, w in plurals.items() if w in (noun + "s", noun + "es")), None)
            if j is not None:
                return not _SPECIFIC & set(bare[max(0, j - 3) : j])
    return False


def _habitual(word: str, following: Sequence[str]) -> bool:
    """ "every Tuesday" says what "on Tuesdays" says: the quantifier before a word of
    time carries nothing the plural does not."""
    return word in ("every", "each") and bool(following) and stem(following[0]) in TIME_WORDS


def _tense(words: Sequence[str]) -> str | None:
    """ "past" or "present" by the text's auxiliaries, None when they do not say."""
    past, present = any(w in _PAST for w in words), any(w in _PRESENT for w in words)
    return None if past == present else "past" if past else "present"


def _past_form(word: str, before: str) -> bool:
    """A verb in the past tense, not after an auxiliary ("used", "went"; not "is used")."""
    if before in _BE or before in _PAST or before in _PRESENT or before in _GET:
        return False
    if word in _PRESENT or word in _BE - _PAST:
        return False  # "is", "has": irregular forms, but of the present
    lemma = irregular(word)
    if lemma is not None and lemma != word:
        return "v" in parts_of_speech(lemma)
    return word.endswith("ed") and any(
        f != word and "v" in parts_of_speech(f) for f in lemmas(word)
    )


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _verb_lemmas(words: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """The lemmas of the text's verbs in the past tense, and of its other verb forms
    that are not participles ("use", "uses"; not "used", "using"). Cached by the
    words: a save's text meets each candidate with the same (aligned) words."""
    past: set[str] = set()
    other: set[str] = set()
    for i, word in enumerate(words):
        forms = {irregular(word) or word, *lemmas(word)}
        if _past_form(word, words[i - 1] if i else ""):
            past |= forms
        elif not word.endswith(("ed", "en", "ing")) and irregular(word) is None:
            other |= {f for f in forms if "v" in parts_of_speech(f)}
    return frozenset(past), frozenset(other)


def _verb_forms_apart(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """True when one text puts a verb in the past tense and the other in the present:
    "we used Trello" (no longer, maybe) is not "we use Trello"."""
    past_a, other_a = _verb_lemmas(a)
    past_b, other_b = _verb_lemmas(b)
    return bool(past_a & other_b) or bool(past_b & other_a)


def _tenses_apart(a: Sequence[str], b: Sequence[str]) -> bool:
    ta, tb = _tense(a), _tense(b)
    return ta is not None and tb is not None and ta != tb


def content(words: Sequence[str]) -> dict[str, str]:
    """The meaningful words (neither function words nor filler), stem → a form as typed."""
    out = {}
    for i, w in enumerate(words):
        if w in STOPWORDS or w in FILLER or w in CARRYING:
            continue
        if w in _GET and i + 1 < len(words) and _participle(words[i + 1]):
            continue  # "get restarted": a passive, as "are restarted"
        out[stem(w)] = w
    return out


def _participle(word: str) -> bool:
    """A past participle by its ending or as an irregular form ("paid", "built", "sent")."""
    return word.endswith(("ed", "en")) or (irregular(word) or word) != word


def names_in_order(old: str, new: str, a: Sequence[str], b: Sequence[str]) -> bool:
    """True unless two shared names swap roles: "Alice reports to Bob" is not "Bob
    reports to Alice". With a verb, the order of names is their role, unless exactly
    one side is passive ("Bob manages Alice" / "Alice is managed by Bob"); in a
    statement with only "is" each name keeps its role by what marks it — the
    preposition before it or a possessive after it ("Radiohead is Jamal's favourite
    band" / "Jamal's favourite band is Radiohead"; not "Ana is the contact for Bo" /
    "Bo is the contact for Ana"). Names in one list ("Turkish and German") may come in
    any order."""
    named = frozenset(
        m for m in _capitalised(old) & _capitalised(new) if m.isalpha() and m not in TIME_WORDS
    )
    order_a, order_b = _name_groups(a, named), _name_groups(b, named)
    if len(order_a) < 2 or sorted(map(sorted, order_a)) != sorted(map(sorted, order_b)):
        return True
    if order_a == order_b and ("by" in a) == ("by" in b):
        return True
    if _copula(a) and _copula(b):
        return _roles(a, named) == _roles(b, named)
    return order_a != order_b and ("by" in a) != ("by" in b)


def _copula(words: Sequence[str]) -> bool:
    """True when the text's only verb is a form of "be" ("X is Y's favourite band")."""
    return any(w in _BE for w in words) and not any(
        verb_like(w) for w in words if w not in _BE and w not in STOPWORDS
    )


def _roles(words: Sequence[str], named: frozenset[str]) -> dict[str, tuple[str, bool]]:
    """Each name's marks: the preposition before it (determiners skipped) and whether a
    possessive follows it."""
    roles = {}
    for i, word in enumerate(words):
        key = stem(word)
        if key not in named or key in roles:
            continue
        j = i - 1
        while j >= 0 and words[j] in DETERMINERS:
            j -= 1
        before = words[j] if j >= 0 and words[j] in _PREPOSITIONS else ""
        roles[key] = (before, i + 1 < len(words) and words[i + 1] == "s")
    return roles


@functools.lru_cache(maxsize=TEXT_CACHE_SIZE)
def _capitalised(text: str) -> frozenset[str]:
    """Stems of the words typed with a capital, the text's first word too ("Ines mentors
    Bruno"), and of the names `marked` finds; function words and filler left out."""
    typed = {
        stem(normal_word(w.casefold()))
        for w in _TOKEN.findall(text)
        if w[:1].isupper() and w.casefold() not in STOPWORDS and w.casefold() not in FILLER
    }
    return frozenset(typed | marked(text))


def _name_groups(words: Sequence[str], named: frozenset[str]) -> list[frozenset[str]]:
    """The names of a text in order, a run joined by "and"/"or" as one group."""
    groups: list[set[str]] = []
    joining = False
    for word in words:
        key = stem(word)
        if key in named:
            if joining and groups:
                groups[-1].add(key)
            elif not groups or key not in groups[-1]:
                groups.append({key})
            joining = True
        elif word in ("and", "or") and joining:
            continue
        else:
            joining = False
    return [frozenset(g) for g in groups]


def unpaired(
    a: Sequence[str], b: Sequence[str], named: frozenset[str], capitalised: frozenset[str]
) -> tuple[set[str], set[str], frozenset[str], frozenset[str]]:
    """The meaningful words of each side left once each is paired with one of the
    other by stem, collocation, synonym or typo (each word pairs once), and the words
    of each side's paired collocations."""
    units_a, units_b = content(a), content(b)
    left_a = set(units_a) - set(units_b)
    left_b = set(units_b) - set(units_a)
    phrased_a: set[str] = set()
    phrased_b: set[str] = set()
    if left_a or left_b:
        phrased_a |= _pair_phrases(a, b, left_a, left_b, phrased_b)
        phrased_b |= _pair_phrases(b, a, left_b, left_a, phrased_a)
    for key in sorted(left_a):
        form = units_a.get(key, key)  # a light collocation left as one ("take_place")
        if key in named:
            plural = next((k for k in left_b if key + "s" == k or k + "s" == key), None)
            if plural is not None:  # "PRs" / "PR": a short name's plural, unstemmed
                left_a.discard(key)
                left_b.discard(plural)
            continue  # a name pairs only with itself (`distinguishing` saw to that)
        match = next(
            (
                k
                for k in sorted(left_b)
                if k not in named and _same_word(form, units_b.get(k, k), capitalised)
            ),
            None,
        )
        if match is not None:
            left_a.discard(key)
            left_b.discard(match)
    return left_a, left_b, frozenset(phrased_a), frozenset(phrased_b)


def _same_word(x: str, y: str, capitalised: frozenset[str]) -> bool:
    pairing = _pairing(x, y)
    if pairing is None:  # a typo pairs words, but no name ("Jonas" / "Jonah")
        return x not in capitalised and y not in capitalised
    return pairing


@functools.lru_cache(maxsize=65536)
def _pairing(x: str, y: str) -> bool | None:
    """Whether two words pair by the lexicon alone (False for opposites, True for
    synonyms), None when only as a typo, which a capital forbids (`_same_word`).
    Cached by the word pair: a deep comparison tries every unpaired pair of words."""
    if opposite(x, y):
        return False
    if synonymous(x, y, PARAPHRASE_RANK) or same_sense(x, y, SAME_SENSE_RANK):
        return True
    return None if typo(x, y) or typo(y, x) else False


def typo(slip: str, word: str) -> bool:
    """True when `slip` is no word the lexicon knows and is `word` with one letter
    dropped, added (or doubled) or swapped with its neighbour. A letter changed is no
    slip: it is how two names or ids one character apart differ ("Jonas" / "Jonah").
    When `word` is unknown too, only a doubled letter typed once in a long word counts
    ("croisant" / "croissant"): nothing else says which of two unknown words is right."""
    if len(word) < TYPO_MIN or not slip.isalpha() or lemmas(slip):
        return False
    if not lemmas(word):  # neither is a word the lexicon knows: only a doubled letter
        return len(word) >= DOUBLED_MIN and _doubled(slip, word)
    if len(slip) == len(word):
        diff = [i for i, (p, q) in enumerate(zip(slip, word, strict=True)) if p != q]
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and slip[diff[0]] == word[diff[1]]
            and slip[diff[1]] == word[diff[0]]
        )
    if abs(len(slip) - len(word)) != 1:
        return False
    short, long_ = sorted((slip, word), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _doubled(slip: str, word: str) -> bool:
    """True when one of the two is the other with a doubled letter typed once
    ("croisant" / "croissant")."""
    short, long_ = sorted((slip, word), key=len)
    if len(long_) != len(short) + 1:
        return False
    return any(
        long_[i] == long_[i + 1] and long_[:i] + long_[i + 1 :] == short
        for i in range(len(long_) - 1)
    )


def _pair_phrases(
    mine: Sequence[str],
    theirs: Sequence[str],
    left_mine: set[str],
    left_theirs: set[str],
    phrased_theirs: set[str],
) -> set[str]:
    """Pair a collocation whose meaningful words are all unpaired on my side ("out of
    order", "takes place") with an unpaired word or collocation of the other side that
    says the same ("broken", "happens"); both sides' keys leave the sets. Returns the
    words of my paired collocations (the other side's go into `phrased_theirs`)."""
    phrased: set[str] = set()
    other_phrases = _phrases(tuple(theirs))
    for key, covered in _phrases(tuple(mine)):
        if not covered or not covered <= left_mine:
            continue
        match = next(
            (
                frozenset({k})
                for k in sorted(left_theirs)
                for form in (w for w in theirs if stem(w) == k)
                if synonymous(key, form)
            ),
            None,
        )
        if match is None:
            found = next(
                (
                    (other, c)
                    for other, c in other_phrases
                    if c and c <= left_theirs and (other == key or synonymous(key, other))
                ),
                None,
            )
            if found is not None:
                phrased_theirs.update(found[0].split("_"))
                match = found[1]
        if match is not None:
            left_mine.difference_update(covered)
            left_theirs.difference_update(match)
            phrased.update(key.split("_"))
        elif key in _LIGHT:
            left_mine.difference_update(covered)
            left_mine.add(key)  # "takes place" stands as one light verb
            phrased.update(key.split("_"))
    return phrased


@functools.lru_cache(maxsize=8192)
def _phrases(words: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    """The collocations the lexicon knows in a text, each with the stems of the
    meaningful words it covers."""
    found = []
    for start in range(len(words) - 1):
        phrase = phrase_at(words, start)
        if phrase is not None:
            key, size = phrase
            found.append((key, frozenset(content(words[start : start + size]))))
    return tuple(found)


def _light_only(left: set[str], units: dict[str, str], other: Sequence[str]) -> bool:
    """True when nothing is left, or only light verbs: one that says a thing happens
    ("deploys happen on Tuesdays"), or one that restates the other side's "is"."""
    if not left:
        return True
    for key in left:
        forms = {key, units.get(key, key), *lemmas(units.get(key, key))}
        if not forms & _HAPPEN and not (forms & _LIGHT and set(other) & _BE):
            return False
    return True


def _all_light(left: set[str], units: dict[str, str]) -> bool:
    """True when something is left and all of it is light verbs: two sides left with
    only such verbs say the same "is" in two ways."""
    return bool(left) and all(
        {key, units.get(key, key), *lemmas(units.get(key, key))} & _LIGHT for key in left
    )


# Every cache keyed by a text or a pair of texts, for benches that time unseen texts.
TEXT_CACHES = (
    *distinctions.TEXT_CACHES,
    tokens,
    aligned,
    _phrases,
    leftover,
    acronyms_written,
    cased,
    patterns,
    revision_kind,
    _verb_lemmas,
    _pairing,  # keyed by words, but by a pair's unpaired words: cleared, not to flatter
)
