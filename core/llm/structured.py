"""Structured model output: pull one JSON object out of a reply and check its shape.

Models wrap JSON in code fences, prefix it with a sentence, or stop half-way. We
take the first JSON object in the text (or nothing), then check it against the
same JSON Schema we sent the model. The checker covers the subset of JSON Schema
our schemas use (type, enum, properties, required, additionalProperties, items,
minimum/maximum, minItems/maxItems, minLength/maxLength) so core needs no
validation library, and a schema keyword we do not know is an error rather than
silently ignored.
"""

from __future__ import annotations

import json
from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
    "object": (dict,),
    "array": (list,),
    "null": (type(None),),
}
_ANNOTATIONS = frozenset({"title", "description", "$schema", "$id", "name", "examples"})
_KNOWN = _ANNOTATIONS | {
    "type",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minimum",
    "maximum",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
}


def parse_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text` (code fences and chatter around it allowed)."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        return value if isinstance(value, dict) else None
    return None


def _is_type(value: Any, name: str) -> bool:
    if name not in _TYPES:
        raise ValueError(f"unsupported schema type {name!r}")
    if isinstance(value, bool) and name in ("number", "integer"):
        return False  # JSON true is not 1
    return isinstance(value, _TYPES[name])


def problems(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Every way `value` breaks `schema` ("$.memories[0].kind: not one of …"); [] if none."""
    unknown = set(schema) - _KNOWN
    if unknown:
        raise ValueError(f"unsupported schema keyword(s) at {path}: {', '.join(sorted(unknown))}")
    types = schema.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else list(types)
        if not any(_is_type(value, n) for n in names):
            return [f"{path}: expected {' or '.join(names)}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: not one of {schema['enum']}"]
    if isinstance(value, dict):
        return _object_problems(value, schema, path)
    if isinstance(value, list):
        return _array_problems(value, schema, path)
    return _scalar_problems(value, schema, path)


def _object_problems(value: dict[str, Any], schema: dict[str, Any], path: str) -> list[str]:
    found = [f"{path}: missing {key!r}" for key in schema.get("required", []) if key not in value]
    properties = schema.get("properties", {})
    for key, item in value.items():
        if key in properties:
            found += problems(item, properties[key], f"{path}.{key}")
        elif schema.get("additionalProperties", True) is False:
            found.append(f"{path}: unexpected {key!r}")
    return found


def _array_problems(value: list[Any], schema: dict[str, Any], path: str) -> list[str]:
    found = []
    if len(value) < schema.get("minItems", 0):
        found.append(f"{path}: fewer than {schema['minItems']} items")
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        found.append(f"{path}: more than {schema['maxItems']} items")
    if "items" in schema:
        for i, item in enumerate(value):
            found += problems(item, schema["items"], f"{path}[{i}]")
    return found


def _scalar_problems(value: Any, schema: dict[str, Any], path: str) -> list[str]:
    found = []
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            found.append(f"{path}: below {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            found.append(f"{path}: above {schema['maximum']}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            found.append(f"{path}: shorter than {schema['minLength']}")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            found.append(f"{path}: longer than {schema['maxLength']}")
    return found
