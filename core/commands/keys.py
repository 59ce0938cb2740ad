"""Provider API keys from a platform's settings page: write-only.

A settings page (Slack's App Home) lists `key_statuses` — only for admins, and only
"set" / "not set" — and sends what an admin typed into a form to `set_key`. The key
goes straight to `service.keys.set`, which encrypts it and refuses non-admins, so a
forged form changes nothing; no answer built here contains the key.
"""

from __future__ import annotations

from dataclasses import dataclass

from core import texts
from core.commands.registry import CommandRequest
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


async def set_key(
    service: MemoryService, request: CommandRequest, provider: str, api_key: str
) -> Response:
    """Store the workspace's key for `provider` and answer with its status only."""
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
    status = (await service.keys.status(request.workspace))[provider]
    label = texts.KEY_LABELS.get(provider, provider)
    return Response(
        texts.KEY_SAVED.format(label=label, status=status),
        data={"provider": provider, "status": status},
    )
