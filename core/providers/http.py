"""One JSON-over-HTTP POST helper shared by every hosted provider.

Embedders and chat models all speak "POST a JSON body, get a JSON body back", and
they all fail the same ways: rate limits, flaky gateways, dropped connections, slow
or garbled answers. Handling that once keeps each adapter about its wire format
and keeps the safety rules in one place:

* every failure becomes a `ProviderError` whose message an admin can act on
  ("the chat model at http://… answered 500 three times"); the server's own error
  text is its `detail`, kept out of `summary`, which is all a log line shows (a
  server's error can quote the request: issue 12);
* no message or log record ever contains the API key, the Authorization header,
  credentials in the URL, or the request body (it carries users' words).
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import random
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from core.ports import ProviderError

log = logging.getLogger("memorybot.providers")

RETRYABLE_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
_TIMES = {1: "once", 2: "twice", 3: "three times", 4: "four times", 5: "five times"}
_DETAIL_LIMIT = 300


class ProviderHTTPError(ProviderError):
    """The server answered with an error status. `detail` is its (scrubbed) error text,
    kept so adapters can react to specific refusals (e.g. an unsupported parameter)."""

    def __init__(self, summary: str, status: int, detail: str = "") -> None:
        super().__init__(summary, detail)
        self.status = status


def display_url(url: str) -> str:
    """The URL as it may appear in messages: no user:password, no query string."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def _times(n: int) -> str:
    return _TIMES.get(n, f"{n} times")


def _seconds(value: float) -> str:
    return f"{value:g} s"


class JsonPoster:
    """POSTs JSON to one provider with bounded, jittered retries.

    Why retries are shaped this way: 429 and 5xx are usually momentary, so we retry
    `max_retries` times with exponential backoff (plus jitter, so many bot processes
    do not retry in lockstep), honouring the server's Retry-After when it is at most
    `retry_after_cap` seconds; a longer Retry-After means waiting would not help this
    request, so we stop at once. A timeout is not retried: `timeout` bounds one whole
    request, and a server that was too slow once would make the user wait twice.
    Dropped connections and cut-off bodies are retried like 5xx.

    One `aiohttp.ClientSession` per provider object, created on first use (it must be
    created inside the running event loop); call `close()` when done.
    """

    def __init__(
        self,
        what: str,
        base_url: str,
        *,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        backoff: float = 0.5,
        backoff_cap: float = 8.0,
        retry_after_cap: float = 20.0,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.what = what
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.backoff = backoff
        self.backoff_cap = backoff_cap
        self.retry_after_cap = retry_after_cap
        self._api_key = api_key or None
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        self._headers.update(headers or {})
        self._session: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:  # never the key
        return f"JsonPoster({self.what!r}, {display_url(self.base_url)!r})"

    def where(self, path: str = "") -> str:
        """'the chat model at http://host/v1/chat/completions', for messages."""
        return f"{self.what} at {display_url(self.base_url + path)}"

    def scrub(self, text: str) -> str:
        """Remove the API key from text that came from elsewhere (servers echo keys)."""
        if self._api_key:
            text = text.replace(self._api_key, "***")
        return text

    def _get_session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            headers = dict(self._headers)
            if self._api_key:
                headers["Authorization"] = f"Bearer {self._api_key}"
            self._session = aiohttp.ClientSession(
                headers=headers, timeout=aiohttp.ClientTimeout(total=self.timeout)
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def post_json(
        self,
        path: str,
        body: dict[str, Any],
        *,
        refused: Callable[[int, str], bool] | None = None,
        stream: bool = False,
    ) -> Any:
        """POST `body` to base_url + path and return the decoded JSON answer, or with
        `stream` the list of server-sent events (each decoded JSON) of a streamed one.

        `refused(status, detail)` marks an error answer as a refusal of the request's
        form (e.g. its response_format): raised at once, never retried, whatever the
        status. A stream is read within `timeout` as a whole; past it the connection
        is closed, so the server stops generating what nobody will read.

        Raises ProviderHTTPError for an error status, ProviderError for everything else.
        """
        where = self.where(path)
        attempts = self.max_retries + 1
        outcomes: list[str] = []
        for attempt in range(1, attempts + 1):
            log.debug("POST %s (attempt %d of %d)", where, attempt, attempts)
            status: int | None = None
            detail, retry_after = "", None
            try:
                status, raw, retry_after, location = await self._send(
                    self.base_url + path, body, stream
                )
            except TimeoutError:
                cancelled = "; the request was cancelled" if stream else ""
                raise ProviderError(
                    f"{where} timed out after {_seconds(self.timeout)}{cancelled}"
                ) from None
            except aiohttp.ClientPayloadError:
                outcomes.append("cut its answer off mid-way")
            except aiohttp.ClientError as exc:
                outcomes.append(f"could not be reached ({type(exc).__name__})")
            else:
                if status < 300:
                    return _events(raw, where) if stream else self._decode(raw, where)
                if status < 400:
                    # Not followed: a POST would be lost, and the key would travel on.
                    raise ProviderHTTPError(
                        f"{where} redirected ({status}) to {display_url(location)}: "
                        "set the base URL to where it points",
                        status,
                    )
                detail = self._error_detail(raw)
                if status not in RETRYABLE_STATUSES or (refused and refused(status, detail)):
                    raise ProviderHTTPError(_refusal(where, status), status, detail)
                outcomes.append(f"answered {status}")
            if attempt == attempts:
                raise self._give_up(where, outcomes, status, detail)
            delay = self._delay(attempt, retry_after)
            if delay is None:
                raise ProviderHTTPError(
                    f"{where} answered {status} and asked to wait "
                    f"{_seconds(retry_after or 0)}, longer than the "
                    f"{_seconds(self.retry_after_cap)} we wait at most",
                    status or 429,
                    detail,
                )
            log.warning("%s %s; retrying in %.2f s", where, outcomes[-1], delay)
            await asyncio.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    def _give_up(
        self, where: str, outcomes: list[str], status: int | None, detail: str
    ) -> ProviderError:
        """'answered 500 three times' when every attempt failed alike, else the list."""
        if len(set(outcomes)) == 1:
            message = f"{where} {outcomes[0]} {_times(len(outcomes))}"
        else:
            message = f"{where} failed {_times(len(outcomes))}: {', '.join(outcomes)}"
        if status is not None:
            return ProviderHTTPError(message, status, detail)
        return ProviderError(message, detail)

    async def _send(
        self, url: str, body: dict[str, Any], stream: bool = False
    ) -> tuple[int, bytes, float | None, str]:
        session = self._get_session()
        headers = {"Accept": "text/event-stream"} if stream else None
        async with asyncio.timeout(self.timeout):
            async with session.post(url, json=body, allow_redirects=False, headers=headers) as resp:
                try:
                    raw = await resp.read()
                except BaseException:
                    resp.close()  # not reusable: drop the connection, the server sees it
                    raise
                retry_after = parse_retry_after(resp.headers.get("Retry-After"))
                return resp.status, raw, retry_after, resp.headers.get("Location", "")

    def _delay(self, attempt: int, retry_after: float | None) -> float | None:
        """Seconds to wait before the next attempt, or None when the server asked for
        longer than we are willing to wait."""
        if retry_after is not None:
            return retry_after if retry_after <= self.retry_after_cap else None
        ceiling = min(self.backoff_cap, self.backoff * 2.0 ** (attempt - 1))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _error_detail(self, raw: bytes) -> str:
        """The server's own error text, if any, short and without the key."""
        text = raw.decode("utf-8", errors="replace").strip()
        if text.startswith("<"):  # a proxy's HTML error page says nothing useful
            return ""
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict):
            err = data.get("error", data)
            if isinstance(err, dict):
                text = str(err.get("message") or err.get("detail") or err)
            elif isinstance(err, str):
                text = err
            elif isinstance(data.get("message"), str):
                text = data["message"]
        text = " ".join(self.scrub(text).split())
        return text[:_DETAIL_LIMIT] + ("…" if len(text) > _DETAIL_LIMIT else "")

    def _decode(self, raw: bytes, where: str) -> Any:
        try:
            return json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ProviderError(
                f"{where} answered with a body that is not valid JSON ({len(raw)} bytes)"
            ) from None


def _events(raw: bytes, where: str) -> list[Any]:
    """The JSON payloads of a server-sent event stream (`data: {...}` lines), in order,
    up to `data: [DONE]`."""
    events: list[Any] = []
    for line in raw.decode("utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line.startswith("data:"):
            continue
        data = line.removeprefix("data:").strip()
        if data == "[DONE]":
            break
        try:
            events.append(json.loads(data))
        except json.JSONDecodeError:
            raise ProviderError(f"{where} streamed an event that is not valid JSON") from None
    return events


def _refusal(where: str, status: int) -> str:
    """The summary for an error status that retrying cannot fix (the server's text
    goes to the error's `detail`)."""
    if status in (401, 403):
        return f"{where} refused the API key ({status})"
    if status == 404:
        return f"{where} was not found (404): check the base URL and model"
    return f"{where} answered {status}"


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
