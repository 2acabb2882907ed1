"""Parse and strictly validate a model's JSON answer; build the one repair prompt.

Models wrap JSON in code fences, add a sentence before it, or return a shape that is almost
right. Parsing tolerates the wrapping (the first complete JSON value in the text is taken);
validation does not tolerate the shape (``jsonschema``, Draft 2020-12, with the path of every
violation). The error text goes back to the model verbatim in the repair message, which is
why it names the path ("fact_claims/0/kind: 'fact' is not one of ['relation', 'trait']").
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

_MAX_ERRORS = 8


class JsonOutputError(ValueError):
    """The text is not JSON, or the JSON does not match the schema."""


def check_schema(schema: dict[str, Any]) -> None:
    """Raise ValueError for a malformed schema (a caller bug, reported before any call)."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise ValueError(f"json_schema is not a valid JSON schema: {exc.message}") from None


def extract_json(text: str) -> Any:
    """The first JSON object/array in ``text`` (fences and surrounding prose ignored)."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        if stripped.rstrip().endswith("```"):
            stripped = stripped.rstrip()[:-3]
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    decoder = json.JSONDecoder()
    for i, ch in enumerate(stripped):
        if ch in "{[":
            try:
                value, _end = decoder.raw_decode(stripped, i)
                return value
            except json.JSONDecodeError:
                continue
    raise JsonOutputError("the reply is not JSON" + (f" (starts {text[:60]!r})" if text else
                                                     " (empty reply)"))


def validation_errors(data: Any, schema: dict[str, Any]) -> list[str]:
    validator = Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    out = []
    for err in errors[:_MAX_ERRORS]:
        path = "/".join(str(p) for p in err.absolute_path) or "(root)"
        out.append(f"{path}: {err.message}")
    if len(errors) > _MAX_ERRORS:
        out.append(f"... and {len(errors) - _MAX_ERRORS} more")
    return out


def parse_and_validate(text: str, schema: dict[str, Any]) -> Any:
    data = extract_json(text)
    errors = validation_errors(data, schema)
    if errors:
        raise JsonOutputError("the JSON does not match the schema: " + "; ".join(errors))
    return data


def schema_instruction(schema: dict[str, Any]) -> str:
    """Appended to the system prompt when JSON is requested (JSON mode needs the word JSON)."""
    return ("Reply with a single JSON object only, no prose and no code fences, matching this "
            "JSON schema:\n" + json.dumps(schema, ensure_ascii=False, separators=(",", ":")))


def repair_message(error: JsonOutputError) -> str:
    return (f"Your previous reply could not be used: {error}. Reply again with only the "
            "corrected JSON object, matching the schema exactly.")
