"""memorybot's platform-neutral core: memory service, guards, recall, stores.

The public API is `open_memory(url)`; see README.md ("Python API").
"""

from core import extraction as _extraction  # noqa: F401  (registers the "extract" job)
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
