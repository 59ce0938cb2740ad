"""The architecture rules, checked on the source itself (STYLE §2, §3, §4, §6, §10).

Core is platform-neutral: it imports no Slack or Discord library, no database driver
outside its own store package, no HTTP client outside the providers, nothing from
adapters or bots, and never reads the environment. Adapters are thin: no SQL, no
prompts. Every module says why it exists. The rules are read from the AST, so a
word inside a string or a comment is not an import; each detector is also shown a
violation, so a broken scanner cannot pass silently.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
import regex

from tests.test_import_graph import cycles, import_graph, project_modules

ROOT = Path(__file__).resolve().parents[1]
CODE_DIRS = ("core", "adapters", "bots", "bench", "tests")

# module prefix → the folders of core that may import it (none: nowhere in core)
CORE_IMPORT_RULES: dict[str, tuple[str, ...]] = {
    "slack_bolt": (),
    "slack_sdk": (),
    "discord": (),
    "psycopg": ("core/stores/postgres",),
    "psycopg_pool": ("core/stores/postgres",),
    "pgvector": ("core/stores/postgres",),
    "aiohttp": ("core/providers",),
    "adapters": (),
    "bots": (),
}
ENV_READERS = {"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"}
SQL = regex.compile(r"\b(SELECT |INSERT INTO|DELETE FROM|UPDATE \w+ SET|CREATE (TABLE|INDEX))")
PROMPT_TEXT = regex.compile(
    r"\byou are (a|an)\b|\bsystem prompt\b|\bas an ai\b|\brespond (only )?(in|with) json\b",
    regex.IGNORECASE,
)
PROMPT_MODULES = ("core.prompts", "core.chat.prompting")


def modules(folder: str) -> Iterator[Path]:
    yield from sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, module) for every import, including imports inside functions."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def forbidden_imports(tree: ast.AST, where: str) -> list[str]:
    found = []
    for line, module in imported_modules(tree):
        for prefix, allowed in CORE_IMPORT_RULES.items():
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and not any(where == a or where.startswith(a + "/") for a in allowed):
                found.append(f"{where}:{line} imports {module}")
    return found


def environment_reads(tree: ast.AST, where: str) -> list[str]:
    """`os.environ`, `os.getenv`, `from os import environ` (and aliases of `os`)."""
    os_names = {"os"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            os_names |= {a.asname or a.name for a in node.names if a.name == "os"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            found += [
                f"{where}:{node.lineno} imports os.{a.name}"
                for a in node.names
                if a.name in ENV_READERS
            ]
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in ENV_READERS
            and isinstance(node.value, ast.Name)
            and node.value.id in os_names
        ):
            found.append(f"{where}:{node.lineno} reads os.{node.attr}")
    return found


def strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def sql_strings(tree: ast.AST, where: str) -> list[str]:
    return [
        f"{where}:{line} has SQL: {text[:60]!r}" for line, text in strings(tree) if SQL.search(text)
    ]


def prompt_material(tree: ast.AST, where: str) -> list[str]:
    """Prompt modules imported, chat messages built, a model called, or prompt-like text."""
    found = [
        f"{where}:{line} imports {module}"
        for line, module in imported_modules(tree)
        if module.startswith(PROMPT_MODULES) or module.endswith(".ChatMessage")
    ]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("ChatMessage", "complete"):
                found.append(f"{where}:{node.lineno} calls {name}() (talks to a model)")
    found += [
        f"{where}:{line} reads like a prompt: {text[:60]!r}"
        for line, text in strings(tree)
        if PROMPT_TEXT.search(text)
    ]
    return found


# -- the detectors see violations -----------------------------------------------------


BAD_CORE = """
import os as system
from os import getenv
import slack_bolt
from discord.ext import commands
def f():
    import psycopg
    from aiohttp import ClientSession
    return system.environ["X"]
"""


def test_the_scanners_catch_each_kind_of_violation():
    tree = ast.parse(BAD_CORE)
    imports = forbidden_imports(tree, "core/service.py")
    assert {m.rsplit(" ", 1)[1] for m in imports} >= {
        "slack_bolt",
        "discord.ext",
        "psycopg",
        "aiohttp",
    }
    assert forbidden_imports(ast.parse("import psycopg"), "core/stores/postgres/store.py") == []
    assert forbidden_imports(ast.parse("import aiohttp"), "core/providers/http.py") == []
    assert len(environment_reads(tree, "core/x.py")) == 2
    assert environment_reads(ast.parse("import os\nos.urandom(8)"), "core/ids.py") == []
    adapter = ast.parse(
        'q = "SELECT id FROM memories"\n'
        "from core.chat.prompting import build\n"
        'm = ChatMessage("system", "You are a helpful assistant")\n'
    )
    assert len(sql_strings(adapter, "adapters/x.py")) == 1
    found = " | ".join(prompt_material(adapter, "adapters/x.py"))
    assert "imports core.chat.prompting" in found
    assert "calls ChatMessage()" in found
    assert "reads like a prompt" in found
    harmless = ast.parse('reply = f"You are now {name}."\nhint = "select a memory"')
    assert sql_strings(harmless, "adapters/x.py") == []
    assert prompt_material(harmless, "adapters/x.py") == []


# -- the rules on the real code ---------------------------------------------------------


def test_core_imports_no_platform_library_and_no_driver_outside_its_store():
    found = [v for path in modules("core") for v in forbidden_imports(parse(path), relative(path))]
    assert found == []


def test_core_never_reads_the_environment():
    found = [v for path in modules("core") for v in environment_reads(parse(path), relative(path))]
    assert found == []


def test_adapters_contain_no_sql():
    found = [v for path in modules("adapters") for v in sql_strings(parse(path), relative(path))]
    assert found == []


def test_adapters_contain_no_prompts():
    found = [
        v for path in modules("adapters") for v in prompt_material(parse(path), relative(path))
    ]
    assert found == []


@pytest.mark.parametrize("folder", CODE_DIRS)
def test_every_module_says_why_it_exists_in_a_docstring(folder):
    """Empty package markers (no statements at all) are the only exception."""
    missing = [
        relative(path)
        for path in modules(folder)
        if (tree := parse(path)).body and ast.get_docstring(tree) is None
    ]
    assert missing == []


def test_the_rules_see_the_whole_code_base():
    """Guard against a scanner pointed at the wrong place passing on nothing."""
    assert sum(1 for _ in modules("core")) >= 30
    assert any(relative(p) == "adapters/console.py" for p in modules("adapters"))


# -- no import cycles among adapters ------------------------------------------------------
# The graph and the cycle finder are tests/test_import_graph.py's (every import, under
# TYPE_CHECKING and inside functions too); here they are pointed at the adapters.


def test_the_cycle_detector_sees_an_adapter_importing_its_bot_back():
    sources = {
        "adapters.x.bot": "from adapters.x import chat\nfrom adapters.x.views import V",
        "adapters.x.chat": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from adapters.x.bot import B"
        ),
        "adapters.x.views": "def f():\n    from adapters.x.render import r",
        "adapters.x.render": "import adapters.x.views",
        "adapters.x.context": "from adapters.x.render import r",
    }
    assert import_graph(sources)["adapters.x.bot"] == {"adapters.x.chat", "adapters.x.views"}
    assert sorted(cycles(import_graph(sources))) == [
        ["adapters.x.bot", "adapters.x.chat"],
        ["adapters.x.render", "adapters.x.views"],
    ]
    fixed = {
        n: text for n, text in sources.items() if n not in ("adapters.x.chat", "adapters.x.render")
    }
    assert cycles(import_graph(fixed)) == []


def test_no_adapter_module_imports_one_that_imports_it_back():
    adapters = {
        name: path.read_text(encoding="utf-8")
        for name, path in project_modules().items()
        if name.startswith("adapters.")
    }
    assert {"adapters.discord.bot", "adapters.slack.app", "adapters.console"} <= set(adapters)
    assert cycles(import_graph(adapters)) == []
