"""Discord's documented limits on what a bot sends, checked by the fake like Discord does.

A message may carry at most 5 action rows; a row holds up to 5 buttons or one select
menu; a select offers 1-25 options; custom ids are at most 100 characters and unique
in a message; a modal has a title of at most 45 characters and 1-5 components. Each
check returns the problems found (empty: Discord would accept it), which the fake
turns into Discord's 400 "Invalid Form Body" (50035).
"""

from __future__ import annotations

from typing import Any

ROWS, ROW_WIDTH, OPTIONS = 5, 5, 25
SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel select
COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


def _too_long(what: str, text: Any, limit: int, minimum: int = 0) -> list[str]:
    size = len(text or "")
    return (
        [f"{what}: {size} characters, allowed {minimum}-{limit}"]
        if not (minimum <= size <= limit)
        else []
    )


def _select_problems(select: dict[str, Any], where: str) -> list[str]:
    problems = _too_long(f"{where} placeholder", select.get("placeholder"), 150)
    options = select.get("options", [])
    if not 1 <= len(options) <= OPTIONS:
        problems.append(f"{where}: {len(options)} options, allowed 1-{OPTIONS}")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{where}: option values are not unique")
    for n, option in enumerate(options):
        problems += _too_long(f"{where} option {n} label", option.get("label"), 100, 1)
        problems += _too_long(f"{where} option {n} value", option.get("value"), 100, 1)
        problems += _too_long(f"{where} option {n} description", option.get("description"), 100)
    return problems


def message_problems(body: dict[str, Any]) -> list[str]:
    """What Discord would refuse in a message body (content, embeds, components)."""
    problems = _too_long("content", body.get("content"), 2000)
    if len(body.get("embeds") or []) > 10:
        problems.append("more than 10 embeds")
    rows = body.get("components") or []
    if len(rows) > ROWS:
        problems.append(f"{len(rows)} action rows, allowed {ROWS}")
    custom_ids: list[str] = []
    for r, row in enumerate(rows):
        children = row.get("components", [])
        if row.get("type") != 1 or not 1 <= len(children) <= ROW_WIDTH:
            problems.append(f"row {r}: must be an action row of 1-{ROW_WIDTH} components")
        if any(c["type"] in SELECTS for c in children) and len(children) != 1:
            problems.append(f"row {r}: a select menu must be alone in its row")
        for c in children:
            where = f"row {r} component {c.get('custom_id')!r}"
            if c.get("style") != 5:  # every component but a link button needs a custom_id
                problems += _too_long(f"{where} custom_id", c.get("custom_id"), 100, 1)
                custom_ids.append(c.get("custom_id", ""))
            if c["type"] == 2:
                problems += _too_long(f"{where} label", c.get("label"), 80)
            elif c["type"] == 3:
                problems += _select_problems(c, where)
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("custom_ids are not unique in the message")
    return problems


def _text_input_problems(field: dict[str, Any]) -> list[str]:
    where = f"text input {field.get('custom_id')!r}"
    problems = _too_long(f"{where} custom_id", field.get("custom_id"), 100, 1)
    problems += _too_long(f"{where} placeholder", field.get("placeholder"), 100)
    limit = min(field.get("max_length") or 4000, 4000)
    problems += _too_long(f"{where} value", field.get("value"), limit)
    return problems


def modal_problems(modal: dict[str, Any]) -> list[str]:
    problems = _too_long("modal title", modal.get("title"), 45, 1)
    problems += _too_long("modal custom_id", modal.get("custom_id"), 100, 1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.append(f"modal: {len(components)} components, allowed 1-5")
    for component in components:
        if component["type"] == 18:  # a label around one input
            problems += _too_long("label", component.get("label"), 45, 1)
            problems += _too_long("label description", component.get("description"), 100)
            inner = component["component"]
            if inner["type"] == 4:
                problems += _text_input_problems(inner)
        elif component["type"] == 1:  # the older layout: a row with one text input
            for inner in component["components"]:
                problems += _too_long("text input label", inner.get("label"), 45, 1)
                problems += _text_input_problems(inner)
        else:
            problems.append(f"modal: component type {component['type']} is not allowed")
    return problems


def callback_problems(interaction: dict[str, Any], body: dict[str, Any]) -> list[str]:
    """What Discord would refuse as this interaction's first response."""
    kind, source = body.get("type"), interaction["type"]
    data = body.get("data") or {}
    if kind == 9:
        if source not in (COMMAND, COMPONENT):
            return [f"a modal cannot answer an interaction of type {source}"]
        return modal_problems(data)
    if kind in (6, 7):
        from_message = source == COMPONENT or (source == MODAL_SUBMIT and "message" in interaction)
        if not from_message:
            return [f"callback type {kind} needs a message component interaction"]
    if kind == 8 and source != AUTOCOMPLETE:
        return ["autocomplete results answer autocomplete interactions only"]
    if kind in (4, 7):
        return message_problems(data)
    return []
