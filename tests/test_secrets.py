"""API keys at rest: encrypted with Fernet, rotatable, never shown again."""

from __future__ import annotations

import pytest

from core.providers.encryption import SecretBox, SecretDecryptError, SecretKeyError, mask

API_KEY = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"


def test_a_secret_roundtrips_and_the_token_does_not_reveal_it():
    box = SecretBox([SecretBox.generate_key()])
    token = box.encrypt(API_KEY)
    assert API_KEY not in token
    assert box.encrypt(API_KEY) != token  # fresh IV each time
    assert box.decrypt(token) == API_KEY


def test_after_rotation_the_old_key_still_decrypts_and_rotate_moves_to_the_new_key():
    old_key, new_key = SecretBox.generate_key(), SecretBox.generate_key()
    token = SecretBox([old_key]).encrypt(API_KEY)

    both = SecretBox([new_key, old_key])  # newest first
    assert both.decrypt(token) == API_KEY
    rotated = both.rotate(token)
    assert SecretBox([new_key]).decrypt(rotated) == API_KEY
    with pytest.raises(SecretDecryptError):
        SecretBox([old_key]).decrypt(rotated)
    assert SecretBox([new_key]).decrypt(both.encrypt("x")) == "x"  # encrypts under the newest


def test_a_wrong_key_gives_a_clear_error_without_any_key_material():
    right, wrong = SecretBox.generate_key(), SecretBox.generate_key()
    token = SecretBox([right]).encrypt(API_KEY)
    with pytest.raises(SecretDecryptError) as caught:
        SecretBox([wrong]).decrypt(token)
    message = str(caught.value)
    assert "could not be decrypted" in message
    for material in (right, wrong, API_KEY, token):
        assert material not in message
    assert caught.value.__cause__ is None


def test_rotating_a_token_no_key_opens_is_a_clear_error():
    token = SecretBox([SecretBox.generate_key()]).encrypt(API_KEY)
    with pytest.raises(SecretDecryptError, match="could not be rotated"):
        SecretBox([SecretBox.generate_key()]).rotate(token)


def test_a_damaged_token_is_a_clear_error():
    box = SecretBox([SecretBox.generate_key()])
    with pytest.raises(SecretDecryptError):
        box.decrypt("not a token ✗")


def test_a_malformed_key_is_refused_without_echoing_it():
    good = SecretBox.generate_key()
    with pytest.raises(SecretKeyError, match="secret key #2 of 2 is not a valid Fernet key") as c:
        SecretBox([good, "hunter2-not-a-key"])
    assert "hunter2" not in str(c.value) and good not in str(c.value)


def test_no_keys_is_refused_with_how_to_make_one():
    with pytest.raises(SecretKeyError, match="generate_key"):
        SecretBox(["", "  "])


def test_keys_can_come_as_one_comma_separated_setting_newest_first():
    old_key, new_key = SecretBox.generate_key(), SecretBox.generate_key()
    token = SecretBox([old_key]).encrypt(API_KEY)
    box = SecretBox.from_string(f" {new_key} , {old_key} ")
    assert box.key_count == 2
    assert box.decrypt(token) == API_KEY
    assert SecretBox([new_key]).decrypt(box.rotate(token)) == API_KEY
    assert new_key not in repr(box)


def test_a_secret_is_only_ever_shown_as_set_or_not_set():
    assert mask(API_KEY) == "set"
    assert mask("") == "not set"
    assert mask(None) == "not set"
