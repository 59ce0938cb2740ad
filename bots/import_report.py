"""`memorybot import`'s edges: the progress bar and the resumable report file.

The report is JSON, rewritten (atomically) after every committed batch: which file,
the last line number that is done, and each refused line's number and reason — never
its text, which may be the very secret it was refused for. `--resume` reads it back
and starts after that line, so a 100k-line import interrupted at 60k redoes nothing.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from core.governance.portability import ImportReport


class ReportError(click.ClickException):
    """A report file that cannot be resumed from (missing, unreadable, another file)."""


def resume_point(report_path: Path, source: Path) -> int:
    """The line after which to resume importing `source`, from its report."""
    try:
        data = json.loads(report_path.read_text(encoding="utf-8"))
        done = int(data["committed_through"])
        named = str(data["file"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ReportError(f"cannot resume from {report_path}: {exc.__class__.__name__}") from None
    if named != str(source.resolve()):
        raise ReportError(f"{report_path} is the report of another file")
    return done


def report_writer(report_path: Path, source: Path) -> Callable[[ImportReport], None]:
    def write(report: ImportReport) -> None:
        data = {
            "file": str(source.resolve()),
            "committed_through": report.committed_through,
            "refused": [{"line": n, "reason": reason} for n, reason in report.refused],
        }
        tmp = report_path.with_name(report_path.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, report_path)

    return write


@contextmanager
def progress(length: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr when it is a terminal; nothing when piped or logged."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=length, label="Importing", file=sys.stderr) as bar:
        yield bar.update
