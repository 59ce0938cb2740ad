"""Changing a workspace setting from a settings page, as one user-facing answer.

Every platform's settings page (Slack's App Home, Discord's settings command) calls
`change_setting` with the raw value its menu sent and the platform's admin verdict;
the rules (admins only, allowed values) are enforced by `MemoryService.update_settings`.
"""

from __future__ import annotations

from core import texts
from core.commands.registry import CommandRequest
from core.responses import Response
from core.service import MemoryService
from core.workspace_settings import EDITABLE, InvalidSetting


async def change_setting(
    service: MemoryService, request: CommandRequest, name: str, raw: str
) -> Response:
    try:
        updated = await service.update_settings(
            request.workspace, request.user, is_admin=request.is_admin, **{name: raw}
        )
    except PermissionError:
        return Response(texts.ADMIN_ONLY, ok=False)
    except InvalidSetting as exc:
        return Response(str(exc), ok=False)
    spec = EDITABLE[name]
    choice = spec.current(getattr(updated, name))
    value = choice.label if choice else str(getattr(updated, name))
    return Response(texts.SETTINGS_SAVED.format(label=spec.label, value=value), data={name: raw})
