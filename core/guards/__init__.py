"""Privacy and injection guards: what memorybot refuses to remember (SPEC §4.1–4.2).

`check` is the one call the service makes before writing a memory or a profile
value; `safe_for_prompt` and `quote_for_prompt` are for the read side, when a
memory is about to enter a prompt. `safe_in_prompt`, `privacy_verdict` and `checked`
are the same checks remembered per text (`core.guards.verdicts`), for paths that meet
the same text on every turn. Findings name the kind of problem and never echo the text.

>>> check("my password is hunter2")
Finding(category='secret', rule='password_statement', label='a password')
>>> check("we use sk-learn for the baseline") is None
True
"""

from __future__ import annotations

from core.guards.accelerator import accelerate
from core.guards.findings import Finding
from core.guards.injection import check_injection, quote_for_prompt, safe_for_prompt
from core.guards.privacy import check_privacy
from core.guards.verdicts import checked, privacy_verdict, safe_in_prompt
from core.texts import MASKED

__all__ = [
    "Finding",
    "accelerate",
    "check",
    "check_injection",
    "check_privacy",
    "checked",
    "masked",
    "masked_lines",
    "privacy_verdict",
    "quote_for_prompt",
    "safe_for_prompt",
    "safe_in_prompt",
]


def check(text: str) -> Finding | None:
    """Privacy first (a secret must be named as one), then injection."""
    return check_privacy(text) or check_injection(text)


def masked(text: str) -> str:
    """`text` as a reply or a log may repeat it: a fixed stand-in naming the kind when
    the guards would refuse it, so nothing refused is ever echoed back.

    >>> masked("forget ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5")
    '‹hidden: a GitHub token›'
    >>> masked("staging DB")
    'staging DB'
    """
    finding = check(text)
    return text if finding is None else MASKED.format(kind=finding.label)


def masked_lines(text: str) -> str:
    """A reply with each line the guards would refuse replaced by its stand-in: a model
    that repeats back the password a user typed does not post it to the channel. The
    injection rules alone judge these lines: the learnt scorer was calibrated on notes
    people save, and the model's own talk of memories ("I've saved that to memory") is
    not one."""
    return "\n".join(_masked_reply(line) if line.strip() else line for line in text.split("\n"))


def _masked_reply(line: str) -> str:
    finding = check_privacy(line) or check_injection(line, second_opinion=False)
    return line if finding is None else MASKED.format(kind=finding.label)
