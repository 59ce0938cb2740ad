"""Database URLs as people write them: hide their passwords, refuse the misreadable ones.

A URL's password must never reach a reply, an error or a log (issue 12), and every
error about a URL is where it would: the driver quotes a malformed URL back whole,
and a libpq `key=value` string (no `://`) would otherwise be taken for a SQLite file
*named after the password*. So a URL is checked before any store touches it, and
every message about one passes through `hide_passwords`.
"""

from __future__ import annotations

import regex

from core.texts import URL_NOT_KEYWORDS

# scheme://user:PASSWORD@host — the password runs to the last "@" of the authority, so
# an unencoded "@" inside it is hidden too.
_URL_PASSWORD = regex.compile(
    r"(?i)\b([a-z][a-z0-9+.\-]{1,30}://[^\s:/@?#'\"<>]{0,64}:)([^\s/'\"<>]+)(@)"
)
# password=VALUE in a query string or a libpq key=value string, quoted or not.
_PARAM_PASSWORD = regex.compile(
    r"(?i)\b(password|passwd|pwd|sslpassword)(\s*=\s*)('(?:[^'\\]|\\.)*'?|\"[^\"]*\"?|[^&\s'\"]+)"
)
# A libpq key=value connection string: `host=db user=app password=…`.
_KEYWORDS = regex.compile(
    r"(?i)(?:^|\s)(?:host|hostaddr|port|dbname|user|password|sslmode|service|passfile)\s*="
)


def hide_passwords(text: str) -> str:
    """`text` with every URL password and `password=` value replaced by ***.

    >>> hide_passwords("postgresql://memorybot_app:AppPw5ecretXYZ@db:5432/memorybot")
    'postgresql://memorybot_app:***@db:5432/memorybot'
    >>> hide_passwords("host=db password='a b' dbname=m")
    'host=db password=*** dbname=m'
    """
    text = _URL_PASSWORD.sub(r"\1***\3", text, timeout=0.2)
    return _PARAM_PASSWORD.sub(r"\1\2***", text, timeout=0.2)


def url_problem(url: str, name: str = "The database URL") -> str | None:
    """Why `url` cannot be opened as written (without repeating it), or None."""
    if "://" not in url and not url.startswith("sqlite:") and _KEYWORDS.search(url):
        return URL_NOT_KEYWORDS.format(name=name)
    return None
