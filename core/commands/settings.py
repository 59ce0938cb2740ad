"""Changing workspace settings from a settings page, as one user-facing answer.

Every platform's settings page calls in here with the raw values its menus sent and
the platform's admin verdict: Slack's App Home changes one setting per menu
(`change_setting`), Discord's /memory-settings any number at once (`change_settings`).
The rules (admins only, allowed values) are enforced by `MemoryService.update_settings`;
both answers come from `_update`, so a refusal reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core import texts
from core.commands.registry import CommandRequest
from core.commands.replies import settings_reply
from core.models import WorkspaceSettings
from core.responses import Response
from core.service import MemoryService
from core.workspace_settings import EDITABLE, InvalidSetting


async def _update(
    service: MemoryService, request: CommandRequest, changes: Mapping[str, Any]
) -> WorkspaceSettings | Response:
    """The settings after the change, or the refusal to show instead."""
    try:
        return await service.update_settings(
            request.workspace, request.user, is_admin=request.is_admin, **changes
        )
    except PermissionError:
        return Response(texts.ADMIN_ONLY, ok=False)
    except InvalidSetting as exc:
        return Response(str(exc), ok=False)


async def change_setting(
    service: MemoryService, request: CommandRequest, name: str, raw: str
) -> Response:
    """One setting from a menu: "✅ Saved: Memory is now Off." (or why not)."""
    updated = await _update(service, request, {name: raw})
    if isinstance(updated, Response):
        return updated
    spec = EDITABLE[name]
    choice = spec.current(getattr(updated, name))
    value = choice.label if choice else str(getattr(updated, name))
    return Response(texts.SETTINGS_SAVED.format(label=spec.label, value=value), data={name: raw})


async def change_settings(
    service: MemoryService, request: CommandRequest, changes: Mapping[str, Any]
) -> Response:
    """Several settings at once (all or none), answered with the whole list and what
    changed marked; no changes: the current settings (for admins, as on Slack's Home)."""
    if not changes:
        if not request.is_admin:
            return Response(texts.ADMIN_ONLY, ok=False)
        return settings_reply(await service.settings(request.workspace))
    updated = await _update(service, request, changes)
    if isinstance(updated, Response):
        return updated
    return settings_reply(updated, changed=changes)
