"""Per-workspace provider API keys: stored encrypted, write-only, rotatable.

An admin types a key once; it is encrypted with the deployment's secret key
(`core.providers.encryption.SecretBox`, keys from MEMORYBOT_SECRET_KEY, newest first) and kept
in the workspace settings. Nothing here returns, logs or audits the key itself:
status is "set" / "not set", audit entries name only which key changed, and every
message is built without it. `reveal` exists for the code that builds a provider.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from core.governance import audit
from core.models import KEY_FIELDS, SECRET_SETTINGS, Principal
from core.ports import Store
from core.providers.encryption import SecretBox, SecretDecryptError, SecretKeyError

log = logging.getLogger(__name__)

assert set(KEY_FIELDS.values()) == set(SECRET_SETTINGS)


@dataclass(frozen=True)
class RotationReport:
    rotated: int = 0
    workspaces: int = 0
    failed: tuple[str, ...] = field(default=())  # workspaces with a key no configured key opens


class ProviderKeys:
    """`service.keys`: set, inspect, use and rotate workspaces' provider API keys."""

    def __init__(self, store: Store, box: SecretBox | None, clock: Callable[[], float]) -> None:
        self.store = store
        self._box = box
        self.clock = clock

    def __repr__(self) -> str:
        return f"ProviderKeys({self._box!r})"

    @property
    def box(self) -> SecretBox:
        if self._box is None:
            raise SecretKeyError(
                "storing provider API keys needs a secret key: generate one with "
                "`memorybot keys generate` and set it as MEMORYBOT_SECRET_KEY"
            )
        return self._box

    @staticmethod
    def _field(which: str) -> str:
        if which not in KEY_FIELDS:
            raise ValueError(f"unknown provider {which!r}; choose one of: {', '.join(KEY_FIELDS)}")
        return KEY_FIELDS[which]

    async def set(
        self, workspace: str, user: str, which: str, api_key: str | None, *, is_admin: bool
    ) -> None:
        """Store (or, with an empty key, remove) the workspace's key for `which`."""
        if not is_admin:
            raise PermissionError("only workspace admins can set provider keys")
        name = self._field(which)
        token = self.box.encrypt(api_key.strip()) if api_key and api_key.strip() else ""
        async with self.store.session(Principal(workspace, user)) as session:
            settings = await session.get_settings()
            field: dict[str, Any] = {name: token}  # a str field, named at run time
            await session.put_settings(replace(settings, **field))
            await audit.record(session, "settings", [], [], self.clock(), detail=f"{which}_api_key")

    async def status(self, workspace: str) -> dict[str, str]:
        """{"embed": "set" | "not set", "chat": …}: all anyone is ever shown."""
        async with self.store.session(Principal(workspace, "")) as session:
            settings = await session.get_settings()
        return {
            which: "set" if getattr(settings, f) else "not set" for which, f in KEY_FIELDS.items()
        }

    async def reveal(self, workspace: str, which: str) -> str | None:
        """The plaintext key, for building that workspace's provider; never display it."""
        async with self.store.session(Principal(workspace, "")) as session:
            token = getattr(await session.get_settings(), self._field(which))
        return self.box.decrypt(token) if token else None

    async def rotate(self) -> RotationReport:
        """Re-encrypt every stored key under the newest secret key (old keys may then go)."""
        box, rotated, failed = self.box, 0, []
        workspaces = await self.store.workspaces()
        for workspace in workspaces:
            async with self.store.session(Principal(workspace, "")) as session:
                settings = await session.get_settings()
                changes: dict[str, Any] = {}
                for name in KEY_FIELDS.values():
                    token = getattr(settings, name)
                    if not token:
                        continue
                    try:
                        changes[name] = box.rotate(token)
                    except SecretDecryptError:
                        failed.append(workspace)
                if changes:
                    await session.put_settings(replace(settings, **changes))
                    rotated += len(changes)
        if failed:
            log.warning("%d workspace(s) hold keys no configured secret key opens", len(failed))
        return RotationReport(rotated, len(workspaces), tuple(dict.fromkeys(failed)))
