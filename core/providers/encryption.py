"""Secrets at rest: provider API keys that admins type in are stored encrypted.

Why Fernet: authenticated encryption (a tampered or foreign token fails, rather
than decrypting to garbage), timestamps, and MultiFernet gives key rotation for
free: encrypt with the newest key, decrypt with any configured key, `rotate()`
re-encrypts old tokens under the newest. The keys come from the caller (bots/
reads MEMORYBOT_SECRET_KEY, comma-separated, newest first); core never reads the
environment. No message raised here contains key material or plaintext.
"""

from __future__ import annotations

import binascii
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cryptography loads with the first SecretBox, not with the CLI
    from cryptography.fernet import MultiFernet


class SecretKeyError(ValueError):
    """The configured secret keys are missing or malformed."""


class SecretDecryptError(ValueError):
    """A stored secret could not be decrypted with any configured key."""


class SecretBox:
    """Encrypts and decrypts short secrets (API keys) with one or more Fernet keys.

    >>> box = SecretBox([SecretBox.generate_key()])
    >>> box.decrypt(box.encrypt("sk-example"))
    'sk-example'
    """

    def __init__(self, keys: Sequence[str]) -> None:
        from cryptography.fernet import Fernet, MultiFernet

        cleaned = [k.strip() for k in keys if k and k.strip()]
        if not cleaned:
            raise SecretKeyError(
                "no secret key configured: generate one with SecretBox.generate_key() "
                "and set it as MEMORYBOT_SECRET_KEY"
            )
        fernets = []
        for position, key in enumerate(cleaned, start=1):
            try:
                fernets.append(Fernet(key))
            except (ValueError, TypeError, binascii.Error):
                raise SecretKeyError(
                    f"secret key #{position} of {len(cleaned)} is not a valid Fernet key "
                    "(32 bytes, url-safe base64, 44 characters); "
                    "generate one with SecretBox.generate_key()"
                ) from None
        self.key_count = len(fernets)
        self._fernet: MultiFernet = MultiFernet(fernets)

    def __repr__(self) -> str:  # never the keys
        return f"SecretBox(<{self.key_count} key(s)>)"

    @classmethod
    def from_string(cls, value: str) -> SecretBox:
        """Keys as one comma-separated setting, newest first."""
        return cls(value.split(","))

    @staticmethod
    def generate_key() -> str:
        from cryptography.fernet import Fernet

        return Fernet.generate_key().decode("ascii")

    def encrypt(self, plaintext: str) -> str:
        """A token under the newest key."""
        return self._fernet.encrypt(plaintext.encode("utf-8")).decode("ascii")

    def decrypt(self, token: str) -> str:
        """The plaintext, trying every configured key."""
        from cryptography.fernet import InvalidToken

        try:
            return self._fernet.decrypt(token.encode("ascii")).decode("utf-8")
        except (InvalidToken, UnicodeError):
            raise SecretDecryptError(
                "a stored secret could not be decrypted with the configured secret keys: "
                "it was encrypted under a key that is no longer configured, or it is "
                "damaged; keep the old key after the new one in MEMORYBOT_SECRET_KEY "
                "while rotating, or enter the secret again"
            ) from None

    def rotate(self, token: str) -> str:
        """The same secret re-encrypted under the newest key (old keys may then go)."""
        from cryptography.fernet import InvalidToken

        try:
            return self._fernet.rotate(token.encode("ascii")).decode("ascii")
        except (InvalidToken, UnicodeError):
            raise SecretDecryptError(
                "a stored secret could not be rotated: none of the configured secret keys "
                "decrypts it"
            ) from None


def mask(value: str | None) -> str:
    """How a write-only secret is shown: never its value, only whether it is there."""
    return "set" if value else "not set"
