"""Provider API keys from a platform's settings page: write-only.

A settings page lists `key_statuses` — only for admins, and only "set" / "not set" —
and sends what an admin typed into a form here: Slack's App Home one key per form
(`set_key`), Discord's keys form several at once (`set_keys`). A key goes straight to
`service.keys.set`, which encrypts it and refuses non-admins, so a forged form changes
nothing; both share `_store`, so a refusal reads the same everywhere, and no answer
built here contains the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core import texts
from core.commands.registry import CommandRequest
from core.commands.replies import keys_reply
from core.providers.encryption import SecretKeyError
from core.responses import Response
from core.service import MemoryService


@dataclass(frozen=True)
class KeyStatus:
    provider: str  # "embed" | "chat" (core.providers.keys.KEY_FIELDS)
    label: str
    status: str  # "set" | "not set"

    @property
    def line(self) -> str:
        return texts.KEY_STATUS.format(label=self.label, status=self.status)


async def key_statuses(service: MemoryService, request: CommandRequest) -> list[KeyStatus]:
    """The key fields a settings page shows this person: none unless they are an admin."""
    if not request.is_admin:
        return []
    status = await service.keys.status(request.workspace)
    return [KeyStatus(p, texts.KEY_LABELS.get(p, p), s) for p, s in status.items()]


async def _store(
    service: MemoryService, request: CommandRequest, provider: str, api_key: str
) -> Response | None:
    """Store (or, with "", remove) one key; the refusal to show, or None when stored."""
    try:
        await service.keys.set(
            request.workspace, request.user, provider, api_key, is_admin=request.is_admin
        )
    except PermissionError:
        return Response(texts.ADMIN_ONLY, ok=False)
    except SecretKeyError:  # before ValueError: it is one
        return Response(texts.KEYS_NO_SECRET, ok=False)
    except ValueError:  # an unknown provider (a forged form)
        return Response(texts.KEY_UNKNOWN, ok=False)
    return None


async def set_key(
    service: MemoryService, request: CommandRequest, provider: str, api_key: str
) -> Response:
    """Store the workspace's key for `provider` and answer with its status only."""
    refused = await _store(service, request, provider, api_key)
    if refused is not None:
        return refused
    status = (await service.keys.status(request.workspace))[provider]
    label = texts.KEY_LABELS.get(provider, provider)
    return Response(
        texts.KEY_SAVED.format(label=label, status=status),
        data={"provider": provider, "status": status},
    )


async def set_keys(
    service: MemoryService, request: CommandRequest, keys: Mapping[str, str]
) -> Response:
    """Store (or, with "", remove) each key, and answer with every key's status, the
    changed ones marked; no keys: nothing changes and the answer says so."""
    if not request.is_admin:
        return Response(texts.ADMIN_ONLY, ok=False)
    for provider, api_key in keys.items():
        refused = await _store(service, request, provider, api_key)
        if refused is not None:
            return refused
    status = await service.keys.status(request.workspace)
    if not keys:
        return keys_reply(status, text=texts.KEYS_NOTHING)
    removed = [provider for provider, api_key in keys.items() if not api_key]
    if removed and len(keys) == 1:
        label = texts.KEY_LABELS.get(removed[0], removed[0])
        return keys_reply(status, keys, texts.KEYS_REMOVED.format(label=label))
    return keys_reply(status, keys)
