"""Passwords in the forms the phrase patterns (`credential_phrases`) do not read: on a
command line (`mysql -pHunter2024!`, `sshpass -p …`), in an environment name that runs
the word on (`PGPASSWORD=…`, `MYSQL_PWD=…`), as a passphrase of several words
("the gpg passphrase is correct horse battery staple"), and as the answer to a security
question, which opens an account as a password does.

The value is judged as the phrase patterns judge theirs (`values.password_strength`);
a passphrase must be words that are not the ordinary words after "is".
"""

from __future__ import annotations

import regex

from core.guards.credential_phrases import _VALUE, Phrase, _c, _password, _strong
from core.guards.lazy import lazy
from core.guards.password_windows import WINDOWS
from core.guards.values import STOPWORDS


def _passphrase(m: regex.Match[str]) -> bool:
    """Three or more words, at most one of them an everyday word ("on", "the", "same")."""
    words = m.group("v").lower().replace("-", " ").split()
    return len(words) >= 3 and sum(w in STOPWORDS for w in words) <= 1


_CLI = (
    r"\b(?:mysql(?:dump|admin)?|mariadb(?:-dump)?)\b[^\n]{0,80}?\s-p(?=[^\s])"
    r"|\b(?:sshpass|smbpasswd)\s+(?:[^\n]{0,40}?\s)?-p\s+"
    r"|\bredis-cli\b[^\n]{0,80}?\s-a\s+"
    r"|\bldap\w*\b[^\n]{0,80}?\s-w\s+"
    r"|\b(?:xfreerdp|wfreerdp)\b[^\n]{0,80}?\s/p:"
    r"|\bopenssl\b[^\n]{0,120}?\s-pass(?:in|out)?\s+pass:"
)

PASSWORD_FORMS: tuple[Phrase, ...] = (
    Phrase("password_assignment", "a password", _c(r"(?:" + _CLI + r")" + _VALUE), _strong),
    # Upper-case environment names ending in PASS/PASSWORD/PWD: "PGPASSWORD=…", "MYSQL_PWD=…".
    Phrase("password_assignment", "a password", lazy(
        r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9]*(?:PASS(?:WORD|WD)?|PWD)(?:_[A-Z0-9]+)?\s*[=:]\s*"
        + _VALUE, regex.VERSION0), _password(weak_ok=True)),
    Phrase("password_statement", "a password", _c(
        r"\b(?:passphrase|pass\s+phrase|password)\s+(?:\w+\s+){0,3}?(?:is|was|:|=)\s+[\"'`“]?"
        r"(?P<v>[a-z]{3,12}(?:[ \-][a-z]{3,12}){2,5})(?![\w\-])"), _passphrase),
    Phrase("security_answer", "a security question answer", _c(
        r"\b(?:(?:security|secret)\s+(?:question\s+)?answers?|answer\s+to\s+(?:the|my|your)\s+"
        r"(?:security|secret)\s+question|mother'?s\s+maiden\s+name|(?:first|childhood)\s+pet'?s"
        r"\s+name)\b[^\n]{0,20}?(?:\s+(?:is|was|are)|\s*[:=\-])\s+" + _VALUE),
        _password(weak_ok=True)),
    *WINDOWS,
)  # fmt: skip
