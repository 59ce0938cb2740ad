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
from core.commands.replies import channel_label, settings_reply
from core.models import WorkspaceSettings
from core.responses import Response
from core.service import MemoryService
from core.workspace_settings import EDITABLE, InvalidSetting, policy_label


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


async def change_channel_policy(
    service: MemoryService, request: CommandRequest, channel: str, raw: str
) -> Response:
    """One channel's policy from a picker or typed line: "✅ Saved: memory in #hr is now Off."."""
    try:
        updated = await service.set_channel_policy(
            request.workspace, request.user, channel, raw, is_admin=request.is_admin
        )
    except PermissionError:
        return Response(texts.ADMIN_ONLY, ok=False)
    except InvalidSetting as exc:
        return Response(str(exc), ok=False)
    value = policy_label(updated.channel_policy(channel).value)
    return Response(
        texts.CHANNEL_POLICY_SAVED.format(channel=channel_label(channel), value=value),
        data={"channel": channel, "policy": updated.channel_policy(channel).value},
        channels=(channel,),
    )


async def settings_line(service: MemoryService, request: CommandRequest) -> Response:
    """The console's `/settings` and the CLI's `memorybot settings`, as typed words:
    nothing (show), `set NAME VALUE`, or `channel CHANNEL on|recall_only|off`. Same
    registry (`EDITABLE`) and same checks as Slack's App Home and Discord's settings."""
    words = request.text.split()
    if not words or words[0].lower() == "show":
        return settings_reply(await service.settings(request.workspace))
    verb = words[0].lower()
    if verb == "set" and len(words) >= 3:
        return await change_settings(service, request, {words[1]: " ".join(words[2:])})
    if verb == "channel" and len(words) == 3:
        return await change_channel_policy(service, request, words[1].lstrip("#"), words[2])
    return Response(texts.SETTINGS_USAGE, ok=False)
