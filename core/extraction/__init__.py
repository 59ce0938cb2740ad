"""Extraction: after a chat turn, propose the durable memories the user stated.

`extract(model, said)` runs the rule-based extractor and merges in the chat model's
JSON candidates (validated and grounded) when a model answers. The background
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
