"""Prompts as data: the text files and JSON schemas in this folder, loaded by name.

Keeping every word we send to a model in files (not in code) lets a reviewer read
and diff the prompts on their own, and keeps Python free of long string literals.
Templates use `$name` placeholders (string.Template), so JSON braces in a prompt
need no escaping.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from string import Template
from typing import Any


@cache
def text(name: str) -> str:
    """The prompt `<name>.txt`, without its trailing newline."""
    return resources.files(__name__).joinpath(f"{name}.txt").read_text(encoding="utf-8").rstrip()


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON schema `<name>.schema.json`. Callers must not mutate it."""
    raw = resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(raw)
    return loaded


def render(name: str, **values: str) -> str:
    """The prompt `<name>.txt` with `$placeholders` filled in."""
    return Template(text(name)).substitute(values)
