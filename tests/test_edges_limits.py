"""What no platform may exceed or reveal: Discord's message limits for a 16,000-
character answer (continued in embeds, cut with a mark), and the console banner on
connected mode (its mode, never the URL's password)."""

from __future__ import annotations

from adapters.discord.render import (
    CONTENT_LIMIT,
    DESCRIPTION_LIMIT,
    EMBED_LIMIT,
    EMBEDS_TOTAL_LIMIT,
    render,
)
from adapters.discord.views import ValueStash
from bots.console import describe_store
from core import texts
from core.responses import Response


def test_a_16000_character_answer_fits_discord_and_says_it_was_cut():
    memory = "word " * 3200  # 16,000 characters
    text = "Here's what I remember:\n" + "\n".join(f"• {memory}" for _ in range(3))
    sent = render(
        Response(text, footer="🧠 used 3 memories", data={"by_model": False}), ValueStash()
    )
    assert 0 < len(sent["content"]) <= CONTENT_LIMIT
    embeds = sent.get("embeds", [])
    assert len(embeds) <= EMBED_LIMIT
    assert all(0 < len(e.description or "") <= DESCRIPTION_LIMIT for e in embeds)
    total = sum(len(e.description or "") + len(e.footer.text or "") for e in embeds)
    assert total <= EMBEDS_TOTAL_LIMIT
    assert (embeds[-1].description or "").endswith(texts.SHORTENED_MARK)


def test_a_short_answer_stays_one_message_without_embeds():
    sent = render(Response("Here's what I remember:\n• we deploy on Tuesdays"), ValueStash())
    assert sent["content"] == "Here's what I remember:\n• we deploy on Tuesdays"
    assert "embeds" not in sent


def test_the_console_banner_names_connected_mode_and_never_the_password():
    line = describe_store("postgresql://memorybot_app:s3cret-pw@db:5432/memorybot")
    assert line == "connected mode (PostgreSQL)" and "s3cret" not in line
    assert describe_store("sqlite:////tmp/m.db") == "standalone mode (sqlite:////tmp/m.db)"
