"""Extraction: after a chat turn, propose the durable memories the user stated.

`extract(model, said)` asks the chat model for JSON candidates (validated and
grounded) or, without a working model, runs the rule-based extractor.
Importing this package registers the "extract" background job.
"""

from core.extraction.candidates import Candidate, Extraction, Said
from core.extraction.model import ExtractionFailed, extract_with_model
from core.extraction.rules import extract_with_rules
from core.jobs.extraction import KIND, apply, extract, extraction_payload

__all__ = [
    "KIND",
    "Candidate",
    "Extraction",
    "ExtractionFailed",
    "Said",
    "apply",
    "extract",
    "extract_with_model",
    "extract_with_rules",
    "extraction_payload",
]
