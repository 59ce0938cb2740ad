"""One worker thread that runs a model on batches gathered from every waiting caller.

Why: on a 2-core host the local model is the cost of a save or a recall, and each run
of it pays about 2 ms before the first token (bench/embedder_speed.py prints the
split). Texts that arrive while the model is busy wait anyway, so the next run takes
all of them, up to a batch: eight questions in one run cost about a quarter less per
text than eight runs. Small requests (a question, one save) are served first, so a
recall waits behind an import's backlog for at most the run in progress. Texts of
very different lengths run apart: padding a 25-token question to a 49-token memory
costs more than the batch saves.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass

from core.ports import ProviderError

Encoder = Callable[[list[str]], list[list[float]]]

#: A run's texts differ in length by at most this factor (plus a few characters).
LENGTH_RATIO = 1.5
LENGTH_SLACK = 16


@dataclass(eq=False)
class _Item:
    text: str
    future: asyncio.Future[list[float]]
    loop: asyncio.AbstractEventLoop
    size: int  # texts in the caller's request: small requests first
    order: int  # arrival (and, inside a request, length) order


class Coalescer:
    """Feeds `encode` from one worker thread; `run` may be awaited from any event loop."""

    def __init__(self, encode: Encoder, batch_size: int, name: str) -> None:
        self._encode = encode
        self.batch_size = batch_size
        self._lock = threading.Lock()
        self._waiting: list[_Item] = []
        self._running = False
        self._closed = False
        self._arrivals = itertools.count()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self.runs = 0  # model runs so far (benchmarks print texts per run)

    async def run(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order, computed in batches shared with other callers."""
        if not texts:
            return []
        loop = asyncio.get_running_loop()
        by_length = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        items: list[_Item | None] = [None] * len(texts)
        with self._lock:
            if self._closed:
                raise ProviderError("the local embedder was closed")
            for i in by_length:
                item = _Item(texts[i], loop.create_future(), loop, len(texts), next(self._arrivals))
                items[i] = item
                self._waiting.append(item)
            start, self._running = not self._running, True
        if start:
            try:
                self._executor.submit(self._drain)
            except RuntimeError:  # closed between the check and here
                self._fail_waiting(ProviderError("the local embedder was closed"))
        return list(await asyncio.gather(*(item.future for item in items if item is not None)))

    def close(self) -> None:
        """Fail every waiting text with ProviderError and stop the worker thread (the run
        in progress finishes; its encoder sees the embedder closed)."""
        with self._lock:
            self._closed = True
        self._fail_waiting(ProviderError("the local embedder was closed"))
        self._executor.shutdown(wait=False)

    def _fail_waiting(self, exc: Exception) -> None:
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for item in waiting:
            _deliver(item, None, exc)

    def _next_batch(self) -> list[_Item]:
        """Under the lock: the next run's texts (small requests first, then arrival)."""
        self._waiting = [item for item in self._waiting if not item.future.done()]
        self._waiting.sort(key=lambda item: (item.size, item.order))
        batch, self._waiting = self._waiting[: self.batch_size], self._waiting[self.batch_size :]
        return batch

    def _drain(self) -> None:
        """On the worker thread: run batches until nobody is waiting."""
        while True:
            with self._lock:
                batch = [] if self._closed else self._next_batch()
                if not batch:
                    self._running = False
                    return
            for group in similar_lengths(batch):
                self.runs += 1
                try:
                    vectors = self._encode([item.text for item in group])
                except Exception as exc:  # any failure: every caller must hear of it
                    for item in group:
                        _deliver(item, None, exc)
                    continue
                for item, vector in zip(group, vectors, strict=True):
                    _deliver(item, vector, None)


def similar_lengths(batch: list[_Item]) -> list[list[_Item]]:
    """The batch cut into runs of texts of similar length (shortest first)."""
    groups: list[list[_Item]] = []
    for item in sorted(batch, key=lambda item: len(item.text)):
        if groups and len(item.text) <= LENGTH_RATIO * len(groups[-1][0].text) + LENGTH_SLACK:
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups


def _deliver(item: _Item, vector: list[float] | None, exc: Exception | None) -> None:
    def settle() -> None:
        if item.future.done():  # the caller gave up (cancelled)
            return
        if exc is not None:
            item.future.set_exception(exc)
        else:
            item.future.set_result(vector if vector is not None else [])

    with suppress(RuntimeError):  # that caller's event loop is closed: nobody waits
        item.loop.call_soon_threadsafe(settle)
