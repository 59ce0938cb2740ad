"""The privacy guard: refuse text that carries a credential or a sensitive identifier.

Order matters only for the label: provider formats first (they name the exact
kind, "a GitHub token"), then secrets introduced by words ("a password"), then
identifiers with check digits ("a payment card number"). The first hit wins;
the Finding carries fixed strings only, never the matched text.
"""

from __future__ import annotations

import unicodedata

from core.guards.access_codes import ACCESS_PHRASES
from core.guards.bare_passwords import bare_passwords
from core.guards.budget import MAX_SCAN_CHARS, Budget
from core.guards.config_forms import CONFIG_CHECKS, CONFIG_PHRASES, basic_credentials_text
from core.guards.credential_phrases import PHRASES as _WORDED
from core.guards.findings import PII, SECRET, Finding, timeout_finding
from core.guards.lazy import compile_all
from core.guards.normalize import strip_invisible
from core.guards.password_forms import PASSWORD_FORMS
from core.guards.pii import PII_CHECKS
from core.guards.prefilter import TEXT, UNMASKED, near_places
from core.guards.secret_patterns import SECRET_PATTERNS
from core.guards.seed_lists import other_language_seeds
from core.guards.separators import regrouped
from core.guards.unmask import Decoded, views
from core.guards.wallets import WALLET_CHECKS, SecretCheck


def check_privacy(text: str) -> Finding | None:
    """Return why `text` must not be stored (a secret or PII), or None if it may be.

    >>> check_privacy("my password is hunter2").label
    'a password'
    >>> check_privacy("we use sk-learn for the baseline") is None
    True
    """
    if len(text) > MAX_SCAN_CHARS:
        return timeout_finding(SECRET)
    compile_all()  # outside the budget, as is building the gates
    TEXT.prefilter()
    UNMASKED.prefilter()
    budget = Budget()
    try:
        budget.timeout()  # a spent budget fails closed even where no pattern would run
        # Zero-width characters or full-width digits must not hide a key: the folded text
        # holds everything the raw text does, so it is the one scanned.
        return _scan(unicodedata.normalize("NFKC", strip_invisible(text, budget)), budget)
    except TimeoutError:
        return timeout_finding(SECRET)


# Secrets announced by words, in every form read.
PHRASES = _WORDED + PASSWORD_FORMS + CONFIG_PHRASES + ACCESS_PHRASES
STRUCTURE_CHECKS = (
    *WALLET_CHECKS,
    SecretCheck("seed_phrase", "a wallet seed phrase", other_language_seeds),
    *CONFIG_CHECKS,
)

# Patterns named by a prefix of two or more characters: the only ones worth running
# again on unmasked views (a one-character hint such as ":" would match everything).
_PREFIXED = tuple(sp for sp in SECRET_PATTERNS if sp.hints and min(map(len, sp.hints)) >= 2)


_FORMATS = TEXT.family([sp.pattern for sp in SECRET_PATTERNS])
_UNMASKED_FORMATS = UNMASKED.family([sp.pattern for sp in _PREFIXED])
_PHRASES = TEXT.family([phrase.pattern for phrase in PHRASES])
# Cheap patterns a costly one's every match contains, searched before it runs.
_NEARS = TEXT.family(
    [sp.near for sp in SECRET_PATTERNS if sp.near is not None]
    + [phrase.near for phrase in PHRASES if phrase.near is not None]
)
# The same on an unmasked view, read with that view's pass (the text pool's would scan
# the view again with every pattern of the text: a third of a 2,000-char view's time).
_UNMASKED_NEARS = UNMASKED.family([sp.near for sp in _PREFIXED if sp.near is not None])


def _formats(text: str, budget: Budget, unmasked: bool = False) -> Finding | None:
    patterns = _PREFIXED if unmasked else SECRET_PATTERNS
    family = _UNMASKED_FORMATS if unmasked else _FORMATS
    nears = _UNMASKED_NEARS if unmasked else _NEARS
    run = family.over(text, budget)
    for index in run.candidates():
        sp = patterns[index]
        possible, places = near_places(nears, sp.near, sp.near_starts, text, budget)
        if not possible:
            continue
        for m in run.matches(index, sp.pattern, places):
            if sp.validator is None or sp.validator(m, text):
                return Finding(SECRET, sp.rule, sp.label)
    return None


def _scan(text: str, budget: Budget) -> Finding | None:
    finding = _formats(text, budget)
    if finding:
        return finding
    decoded: list[str] = []
    for view in views(text, budget):
        # Spacing, reversal or base64/hex undone: the provider formats only.
        finding = _formats(view, budget, unmasked=True)
        if finding:
            return finding
        if isinstance(view, Decoded):
            decoded.append(view)
    for check in STRUCTURE_CHECKS:
        if check.scan(text, budget):
            return Finding(SECRET, check.rule, check.label)
    # Decoded blobs are read by the phrases as well: "password=…" or "user:password"
    # encoded in base64 on purpose.
    for source in (text, *decoded):
        finding = _phrases(source, budget)
        if finding:
            return finding
        if source is not text and basic_credentials_text(source):
            return Finding(SECRET, "credentials", "login credentials")
    # A password with no word for it, by its make-up alone: after every worded form, so
    # that "my password is …" keeps its own rule.
    if bare_passwords(text, budget):
        return Finding(SECRET, "password_shape", "a password")
    digits = _digits(text)
    # "4516.6442.7306.0578", "446/06/3796": dots, slashes, en dashes made dashes, read again.
    texts = [text] if digits < 9 else [text, *filter(None, [regrouped(text, budget)])]
    for pii in PII_CHECKS:
        if digits >= pii.min_digits and any(any(pii.scan(t, budget)) for t in texts):
            return Finding(PII, pii.rule, pii.label)
    return None


def _phrases(text: str, budget: Budget) -> Finding | None:
    run = _PHRASES.over(text, budget)
    for index in run.candidates():
        phrase = PHRASES[index]
        possible, places = near_places(_NEARS, phrase.near, phrase.near_starts, text, budget)
        if not possible:
            continue
        for m in run.matches(index, phrase.pattern, places):
            if phrase.accept(m):
                return Finding(SECRET, phrase.rule, phrase.label)
    return None


_ASCII_DIGITS = "0123456789"


def _digits(text: str) -> int:
    """How many digits `text` holds (any script, as `str.isdigit` counts them)."""
    if text.isascii():
        return sum(map(text.count, _ASCII_DIGITS))  # ten C scans instead of a Python loop
    return sum(ch.isdigit() for ch in text)
