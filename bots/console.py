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
from core.service import MemoryService

BANNER = (
    "🧠 memorybot — standalone mode ({url})\n"
    "{model}\n"
    "Type /help for commands, or just talk. /quit to leave.\n"
)
NO_MODEL = "No chat model configured (MEMORYBOT_LLM_*): I answer with what I remember."


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
        stdout.write(BANNER.format(url=redact(service.store.url), model=described))
    loop = asyncio.get_running_loop()
    while True:
        if interactive:
            try:
                line = await loop.run_in_executor(None, input, session.prompt)
            except EOFError:
                break
        else:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                break
        output = await session.handle(line)
        if output is None:
            break
        if output:
            stdout.write(output + "\n")
            stdout.flush()
