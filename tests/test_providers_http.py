"""The shared HTTP helper: retries, timeouts, garbled answers, and never leaking keys."""

from __future__ import annotations

import logging
import socket

import pytest

from core.ports import ChatMessage, ProviderError
from core.providers.chat.openai_compat import OpenAICompatChatModel
from core.providers.http import JsonPoster, ProviderHTTPError, display_url, parse_retry_after
from tests.fakes.openai_server import (
    FAKE_API_KEY,
    FakeProviderServer,
    drop,
    error,
    malformed,
    rate_limited,
    redirect,
    reply,
    server_error,
    slow,
    truncated,
)

HI = [ChatMessage("user", "hi")]


def poster(server: FakeProviderServer, **kwargs: object) -> JsonPoster:
    options: dict = {"api_key": FAKE_API_KEY, "timeout": 5.0, "backoff": 0.001, **kwargs}
    return JsonPoster("the chat model", server.openai_url, **options)


async def post(client: JsonPoster) -> object:
    try:
        return await client.post_json("/chat/completions", {"model": "m", "messages": []})
    finally:
        await client.close()


async def test_a_429_is_retried_after_the_servers_retry_after_and_then_succeeds(provider_server):
    provider_server.script_chat([rate_limited(retry_after=0.2), "fine"])
    answer = await post(poster(provider_server))
    assert answer["choices"][0]["message"]["content"] == "fine"
    first, second = provider_server.requests
    assert second.at - first.at >= 0.19


async def test_a_500_is_retried_with_backoff_and_then_succeeds(provider_server):
    provider_server.script_chat([server_error(500), server_error(503), "fine"])
    answer = await post(poster(provider_server))
    assert answer["choices"][0]["message"]["content"] == "fine"
    assert len(provider_server.requests) == 3


async def test_it_gives_up_after_max_retries_with_a_clear_error(provider_server):
    provider_server.script_chat([server_error(500)] * 3)
    with pytest.raises(ProviderHTTPError) as caught:
        await post(poster(provider_server, max_retries=2))
    message = str(caught.value)
    assert message.startswith(f"the chat model at {provider_server.openai_url}/chat/completions")
    assert "answered 500 three times" in message
    assert caught.value.status == 500
    assert len(provider_server.requests) == 3


async def test_mixed_failures_are_listed_when_it_gives_up(provider_server):
    provider_server.script_chat([rate_limited(0), drop(), server_error(502)])
    with pytest.raises(ProviderError, match=r"failed three times: answered 429, could not be"):
        await post(poster(provider_server))


async def test_a_retry_after_beyond_the_cap_gives_up_at_once(provider_server):
    provider_server.script_chat([rate_limited(retry_after=60)])
    with pytest.raises(ProviderHTTPError, match="asked to wait 60 s") as caught:
        await post(poster(provider_server, retry_after_cap=5))
    assert caught.value.status == 429
    assert len(provider_server.requests) == 1


async def test_a_refused_request_is_not_retried(provider_server):
    provider_server.script_chat([error(400, "messages: too long")])
    with pytest.raises(ProviderHTTPError, match="answered 400: messages: too long") as caught:
        await post(poster(provider_server))
    assert caught.value.detail == "messages: too long"
    assert len(provider_server.requests) == 1


async def test_a_rejected_key_says_the_key_was_refused(provider_server):
    provider_server.script_chat([error(401, "Incorrect API key provided")])
    with pytest.raises(ProviderHTTPError, match=r"refused the API key \(401\)"):
        await post(poster(provider_server))
    assert len(provider_server.requests) == 1


async def test_a_slow_server_times_out_quickly_with_a_provider_error(provider_server):
    provider_server.script_chat([slow(5)])
    with pytest.raises(ProviderError, match=r"timed out after 0\.3 s"):
        await post(poster(provider_server, timeout=0.3))
    assert len(provider_server.requests) == 1  # a timeout is not retried


async def test_a_malformed_json_body_is_a_provider_error(provider_server):
    provider_server.script_chat([malformed()])
    with pytest.raises(ProviderError, match="not valid JSON"):
        await post(poster(provider_server))
    assert len(provider_server.requests) == 1


async def test_a_truncated_body_is_a_provider_error(provider_server):
    provider_server.script_chat([truncated()])
    with pytest.raises(ProviderError, match="cut its answer off mid-way once"):
        await post(poster(provider_server, max_retries=0))


async def test_a_truncated_body_or_dropped_connection_is_retried(provider_server):
    provider_server.script_chat([truncated(), drop(), "fine"])
    answer = await post(poster(provider_server))
    assert answer["choices"][0]["message"]["content"] == "fine"


async def test_an_unreachable_server_is_a_provider_error():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = JsonPoster("the embedder", f"http://127.0.0.1:{port}/v1", max_retries=1, backoff=0)
    with pytest.raises(ProviderError, match=r"could not be reached \(\w+\) twice"):
        await post(client)


async def test_one_session_is_created_lazily_reused_and_closed(provider_server):
    client = poster(provider_server)
    assert client._session is None
    await client.post_json("/chat/completions", {})
    session = client._session
    await client.post_json("/chat/completions", {})
    assert client._session is session
    await client.close()
    assert session.closed and client._session is None


def _chain(exc: BaseException | None) -> list[BaseException]:
    seen: list[BaseException] = []
    while exc is not None and exc not in seen:
        seen.append(exc)
        exc = exc.__cause__ or exc.__context__
    return seen


async def test_the_api_key_never_appears_in_any_exception_or_log_record(provider_server, caplog):
    caplog.set_level(logging.DEBUG)
    echo = f"Incorrect API key provided: {FAKE_API_KEY}"
    scripts = [
        [error(401, echo)],
        [server_error(500), error(503, echo), error(500, echo)],
        [rate_limited(retry_after=999)],
        [malformed()],
        [truncated()] * 3,
        [drop()] * 3,
        [slow(3)],
        [error(400, f"response_format bad, key={FAKE_API_KEY}")] * 3,
    ]
    model = OpenAICompatChatModel(
        provider_server.openai_url, "m", FAKE_API_KEY, timeout=0.3, backoff=0.001
    )
    failures: list[BaseException] = []
    for script in scripts:
        provider_server.script_chat(script)
        with pytest.raises(ProviderError) as caught:
            await model.complete(HI, json_schema={"type": "object"})
        failures.append(caught.value)
        provider_server.clear_scripts()
    await model.close()

    assert all(r.bearer == FAKE_API_KEY for r in provider_server.requests)  # it was sent
    for failure in failures:
        for exc in _chain(failure):
            assert FAKE_API_KEY not in f"{exc} {exc!r} {exc.args}"
            assert "Bearer" not in str(exc)
    assert caplog.records
    for record in caplog.records:
        assert FAKE_API_KEY not in record.getMessage()
        assert FAKE_API_KEY not in (record.exc_text or "")
    assert FAKE_API_KEY not in caplog.text
    assert FAKE_API_KEY not in repr(model) + repr(model._http)


async def test_a_server_that_echoes_the_key_has_it_scrubbed(provider_server):
    provider_server.script_chat([error(401, f"Incorrect API key provided: {FAKE_API_KEY}")])
    with pytest.raises(ProviderHTTPError) as caught:
        await post(poster(provider_server))
    assert caught.value.detail == "Incorrect API key provided: ***"


def test_urls_in_messages_lose_credentials_and_query():
    assert display_url("https://user:pw@example.com:8443/v1/x?key=abc") == (
        "https://example.com:8443/v1/x"
    )


def test_retry_after_accepts_seconds_and_http_dates():
    assert parse_retry_after("2") == 2.0
    assert parse_retry_after("0.5") == 0.5
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


async def test_the_fake_server_answers_normally_when_nothing_is_scripted(provider_server):
    provider_server.script_chat([reply({"a": 1})])
    client = poster(provider_server)
    first = await client.post_json("/chat/completions", {"messages": []})
    second = await client.post_json(
        "/chat/completions", {"messages": [{"role": "user", "content": "ping"}]}
    )
    await client.close()
    assert first["choices"][0]["message"]["content"] == '{"a": 1}'
    assert second["choices"][0]["message"]["content"] == "echo: ping"
    assert provider_server.pending() == 0


async def test_a_redirect_is_not_followed_so_the_key_stays_put(provider_server):
    provider_server.script_chat([redirect("https://elsewhere.example/v1/chat/completions")])
    with pytest.raises(ProviderHTTPError, match=r"redirected \(307\) to https://elsewhere"):
        await post(poster(provider_server))
    assert len(provider_server.requests) == 1
