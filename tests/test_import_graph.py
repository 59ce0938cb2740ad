"""The import graph: no cycles anywhere, and nothing below the service calls back into it.

STYLE §11: handlers take a unit of work and the ports they use, never the service;
the service is a facade above them. These rules are read from every import in the
source — inside functions and under `if TYPE_CHECKING:` too, since a cycle hidden
from the interpreter is still a cycle for the reader — and each detector is shown a
violation first, so a broken scanner cannot pass silently.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "adapters", "bots")

# Who may import the service: the public API, the package's front door, and the
# platform-neutral commands that adapters call (they sit above the service).
SERVICE = "core.service"
MAY_IMPORT_SERVICE = ("core", "core.api", "core.commands")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(p): p
        for package in PACKAGES
        for p in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def imports_of(tree: ast.AST, known: Iterable[str]) -> set[str]:
    """The project modules a module imports: `from a.b import c` is a.b.c when that is a
    module, else a.b. Implicit parent packages are not edges (every module would
    otherwise depend on its package's __init__)."""
    known = set(known)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                if child in known:
                    found.add(child)
                elif node.module in known:
                    found.add(node.module)
    return found


def import_graph(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """module → the project modules it imports, from each module's source text."""
    return {name: imports_of(ast.parse(text), sources) - {name} for name, text in sources.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def service_importers(graph: Mapping[str, set[str]]) -> list[str]:
    """Modules that import the service without being allowed to."""
    return sorted(
        name
        for name, deps in graph.items()
        if SERVICE in deps
        and name.startswith("core")
        and not any(name == a or name.startswith(a + ".") for a in MAY_IMPORT_SERVICE[1:])
        and name != MAY_IMPORT_SERVICE[0]
    )


def real_graph() -> dict[str, set[str]]:
    return import_graph({n: p.read_text(encoding="utf-8") for n, p in project_modules().items()})


# -- the detectors see violations -----------------------------------------------------


def test_the_detectors_catch_a_cycle_and_a_back_call():
    sources = {
        "core": "",
        "core.service": "from core.governance import erase",
        "core.governance": "",
        "core.governance.erase": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from core.service import MemoryService\n"
        ),
        "core.api": "from core.service import MemoryService",
        "core.commands.forget": "from core.service import MemoryService",
    }
    graph = import_graph(sources)
    assert cycles(graph) == [["core.governance.erase", "core.service"]]
    assert service_importers(graph) == ["core.governance.erase"]
    fixed = {**sources, "core.governance.erase": "from core.ports import Ports"}
    assert cycles(import_graph(fixed)) == []
    assert service_importers(import_graph(fixed)) == []


# -- the rules on the real code ---------------------------------------------------------


def test_there_are_no_import_cycles_anywhere():
    assert cycles(real_graph()) == []


def test_nothing_below_the_service_imports_it():
    """Governance, jobs, pipelines and stores get ports; only the API and the commands
    (which adapters call) hold the service."""
    graph = real_graph()
    assert service_importers(graph) == []
    assert not any(
        SERVICE in deps for name, deps in graph.items() if name.startswith("core.governance")
    )
    assert not any(SERVICE in deps for name, deps in graph.items() if name.startswith("core.jobs"))


def test_the_graph_sees_the_whole_code_base():
    graph = real_graph()
    assert len(graph) >= 100
    assert "core.remember.intake" in graph["core.service"]
    assert "core.jobs.handlers" in graph["core.service"]
