"""Extraction: after a chat turn, propose the durable memories the user stated.

`extract(model, said)` asks the chat model for JSON candidates (validated and
grounded) or, without a working model, runs the rule-based extractor. The background
job that runs it after a chat turn is `core.jobs.extraction`.
"""

from core.extraction.candidates import Candidate, Extraction, Said
from core.extraction.extractor import KIND, extract, extraction_payload
from core.extraction.model import ExtractionFailed, extract_with_model
from core.extraction.rules import extract_with_rules

__all__ = [
    "KIND",
    "Candidate",
    "Extraction",
    "ExtractionFailed",
    "Said",
    "extract",
    "extract_with_model",
    "extract_with_rules",
    "extraction_payload",
]
