"""memorybot's platform-neutral core: memory service, guards, recall, stores.

The public API is `open_memory(url)`; see README.md ("Python API"). The names below
load on first use (PEP 562), so `import core.stores` or `import core.texts` does not
pull in the service, the guards and the extractor: a CLI command that only reads the
store (`memorybot stats`) starts without them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.api import open_memory
    from core.models import (
        Hit,
        Kind,
        Memory,
        RefusalReason,
        RememberResult,
        SaveStatus,
        Scope,
        Source,
        Status,
    )
    from core.service import MemoryService

__all__ = [
    "Hit",
    "Kind",
    "Memory",
    "MemoryService",
    "RefusalReason",
    "RememberResult",
    "SaveStatus",
    "Scope",
    "Source",
    "Status",
    "open_memory",
]
_HOMES = {name: "core.models" for name in __all__} | {
    "open_memory": "core.api",
    "MemoryService": "core.service",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'core' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once loaded, a plain attribute
    return value
