"""Discord wire-format objects (API v10) for the fake server and the tests.

Only the fields discord.py reads, shaped like Discord sends them: snowflakes as
strings, permissions as decimal strings, ISO timestamps.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
MANAGE_GUILD = 1 << 5
VIEW_AND_SEND = (1 << 10) | (1 << 11) | (1 << 16)  # view channel, send messages, read history
MEMBER_PERMISSIONS = VIEW_AND_SEND
ADMIN_PERMISSIONS = VIEW_AND_SEND | MANAGE_GUILD
EPHEMERAL = 1 << 6
MESSAGE_CONTENT_INTENT = 1 << 15
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | MESSAGE_CONTENT_INTENT  # members, presences, content

_snowflakes = itertools.count(1_400_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_snowflakes))


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(frozen=True)
class FakeGuild:
    id: int
    name: str
    channels: tuple[int, ...]
    owner_id: int = 1

    def shard(self, count: int) -> int:
        return (self.id >> 22) % count


def member(user: FakeUser, permissions: int) -> dict[str, Any]:
    return {
        "user": user.payload(),
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "avatar": None,
        "permissions": str(permissions),
    }


def text_channel(channel_id: int, guild_id: int, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": f"channel-{position}",
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def guild_create(guild: FakeGuild, bot: FakeUser) -> dict[str, Any]:
    everyone = {
        "id": str(guild.id),
        "name": "@everyone",
        "color": 0,
        "hoist": False,
        "position": 0,
        "permissions": str(MEMBER_PERMISSIONS),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "features": [],
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "premium_progress_bar_enabled": False,
        "joined_at": TIMESTAMP,
        "large": False,
        "unavailable": False,
        "member_count": 2,
        "members": [member(bot, MEMBER_PERMISSIONS)],
        "channels": [text_channel(c, guild.id, i) for i, c in enumerate(guild.channels)],
        "threads": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    }


def application(app_id: int, owner: FakeUser) -> dict[str, Any]:
    return {
        "id": str(app_id),
        "name": "memorybot",
        "icon": None,
        "description": "Long-term memory",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": owner.payload(),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
        "interactions_endpoint_url": None,
    }


def message(
    *,
    channel_id: str,
    author: dict[str, Any],
    content: str = "",
    guild_id: str | None = None,
    embeds: list[dict[str, Any]] | None = None,
    components: list[dict[str, Any]] | None = None,
    flags: int = 0,
    mentions: list[dict[str, Any]] | None = None,
    message_id: str | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": message_id or snowflake(),
        "channel_id": channel_id,
        "author": author,
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": mentions or [],
        "mention_roles": [],
        "attachments": [],
        "embeds": embeds or [],
        "components": components or [],
        "pinned": False,
        "type": 0,
        "flags": flags,
    }
    if guild_id:
        data["guild_id"] = guild_id
    return data


def interaction(
    kind: int,
    data: dict[str, Any],
    *,
    app_id: int,
    user: FakeUser,
    channel_id: int,
    guild_id: int | None,
    permissions: int,
    message_payload: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An INTERACTION_CREATE body. `attachment_size_limit` is required: without it
    discord.py's parser fails and the gateway task dies."""
    payload: dict[str, Any] = {
        "id": snowflake(),
        "application_id": str(app_id),
        "type": kind,
        "data": data,
        "token": f"itoken-{snowflake()}",
        "version": 1,
        "channel_id": str(channel_id),
        "channel": {"id": str(channel_id), "type": 0 if guild_id else 1},
        "locale": "en-US",
        "app_permissions": str(VIEW_AND_SEND),
        "attachment_size_limit": 10 * 1024 * 1024,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)} if guild_id else {"1": str(user.id)},
        "context": 0 if guild_id else 1,
    }
    if guild_id:
        payload["guild_id"] = str(guild_id)
        payload["guild_locale"] = "en-US"
        payload["member"] = member(user, permissions)
    else:
        payload["user"] = user.payload()
        payload["channel"]["recipients"] = [user.payload()]
    if message_payload is not None:
        payload["message"] = message_payload
    return payload


def resolved_channel(channel_id: int, name: str = "hr") -> dict[str, Any]:
    """A text channel as Discord resolves a channel option (with the member's permissions)."""
    return {"id": str(channel_id), "name": name, "type": 0, "permissions": str(ADMIN_PERMISSIONS)}
