"""Extraction: after a chat turn, propose the durable memories the user stated.

`extract(model, said)` runs the rule-based extractor and merges in the chat
model's JSON candidates (validated and grounded) when a model answers.
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
