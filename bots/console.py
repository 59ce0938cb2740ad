"""`memorybot chat`: the console bot process (interactive or scripted).

On a terminal it shows a prompt and a banner; with piped input it reads one input
per line and prints plain text only, so it can be scripted and tested.
"""

from __future__ import annotations

import asyncio
import sys
from typing import TextIO

from adapters.console import ConsoleContext, ConsoleSession
from bots.redact import redact
from core import texts
from core.service import MemoryService
from core.stores import CONNECTED_SCHEMES

BANNER = "🧠 memorybot — {mode}\n{model}\nType /help for commands, or just talk. /quit to leave.\n"
NO_MODEL = "No chat model configured (MEMORYBOT_LLM_*): I answer with what I remember."


def _decode(data: bytes | str) -> str | None:
    """A line of input as text, or None when it is not valid UTF-8 (or holds a
    lone surrogate, as a terminal in surrogateescape mode passes undecodable bytes)."""
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None if any("\ud800" <= ch <= "\udfff" for ch in data) else data


def describe_store(url: str) -> str:
    """The banner's mode line: never the connected URL itself (it holds a password)."""
    if url.startswith(CONNECTED_SCHEMES):
        return "connected mode (PostgreSQL)"
    return f"standalone mode ({redact(url)})"


async def run_console(
    service: MemoryService,
    context: ConsoleContext,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> None:
    session = ConsoleSession(service, context)
    interactive = stdin.isatty() and stdout.isatty()
    if interactive:
        model = service.chat_model
        described = f"Chat model: {model.name}" if model is not None else NO_MODEL
        stdout.write(BANNER.format(mode=describe_store(service.store.url), model=described))
    loop = asyncio.get_running_loop()
    raw = getattr(stdin, "buffer", None)  # bytes, so invalid UTF-8 is caught per line
    while True:
        if interactive:
            try:
                line = await loop.run_in_executor(None, input, session.prompt)
            except EOFError:
                break
            except UnicodeDecodeError:
                line = None
        else:
            data = await loop.run_in_executor(None, (raw or stdin).readline)
            if not data:
                break
            line = _decode(data)
        output = texts.BAD_INPUT_LINE if line is None else await session.handle(line)
        if output is None:
            break
        if output:
            stdout.write(output + "\n")
            stdout.flush()
