"""The profile's rules: which fields exist, how long they may be, and the guards.

The profile is injected into every reply, so it stays small (PROFILE_MAX_CHARS in
all) and every value passes the same privacy and injection guards as a memory.
"""

from __future__ import annotations

from collections.abc import Mapping

from core import guards
from core.models import PROFILE_FIELDS, PROFILE_MAX_CHARS, PROFILE_VALUE_MAX_CHARS
from core.remember.canonical import clean_text


def cleaned(fields: Mapping[str, str | None]) -> dict[str, str]:
    """The values as stored ("" clears a field). Raises ValueError for an unknown field
    or a value the guards refuse (the message never repeats the value)."""
    unknown = set(fields) - set(PROFILE_FIELDS)
    if unknown:
        raise ValueError(f"unknown profile field(s): {', '.join(sorted(unknown))}")
    clean = {k: clean_text(v or "")[:PROFILE_VALUE_MAX_CHARS] for k, v in fields.items()}
    for value in fields.values():  # the raw text: hidden characters are a signal too
        if value and guards.checked(value) is not None:
            raise ValueError("a profile value was refused by the privacy guard")
    return clean


def check_size(profile: Mapping[str, str]) -> None:
    """Raises ValueError when the profile, rendered "field: value" per line, is too long."""
    if sum(len(k) + len(v) + 2 for k, v in profile.items() if v) > PROFILE_MAX_CHARS:
        raise ValueError(f"the profile would exceed {PROFILE_MAX_CHARS} characters")
