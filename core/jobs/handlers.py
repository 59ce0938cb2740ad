"""The one table of background job handlers, by kind.

Both runners read it: `InProcessJobs` (standalone) and the PostgreSQL queue's workers
(connected). A new kind of job is one line here; nothing registers by import.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.extraction.extractor import KIND as EXTRACT
from core.governance.consolidation import consolidate_job
from core.jobs.embedding import embed_backfill
from core.jobs.extraction import extract_turn
from core.jobs.queue import JobHandler

JOB_HANDLERS: Mapping[str, JobHandler] = {
    EXTRACT: extract_turn,
    "embed_backfill": embed_backfill,
    "consolidate": consolidate_job,
}
