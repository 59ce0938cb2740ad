"""Configuration is documented: every variable the bots read is in bots/variables.py,
and the README's table is generated from it."""

from __future__ import annotations

import re
from pathlib import Path

from bots.variables import VARIABLES

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"[\"']((?:MEMORYBOT|SLACK|DISCORD)_[A-Z_]+)[\"']")


def read_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "bots").glob("*.py"):
        if path.name != "variables.py":
            names |= set(NAME.findall(path.read_text(encoding="utf-8")))
    return names


def test_every_environment_variable_the_bots_read_is_documented():
    documented = {v.name for v in VARIABLES}
    assert read_names() - documented == set()


def test_the_readme_lists_every_documented_variable():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for variable in VARIABLES:
        assert f"`{variable.name}`" in readme
