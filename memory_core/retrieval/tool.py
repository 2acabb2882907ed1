"""``memory_query`` as an LLM tool: the JSON schema (``tool_schema.json``) and a caller that
validates the model's arguments against it before running the query.

The model's arguments are untrusted input: every key is checked against the schema and a bad one
raises :class:`~.service.QueryInputError` naming the property, so the agent can correct itself.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from .service import QueryInputError


@lru_cache(maxsize=1)
def _schema_text() -> str:
    return resources.files("memory_core.retrieval").joinpath("tool_schema.json").read_text(encoding="utf-8")


def load_tool_schema() -> dict[str, Any]:
    """The tool definition: ``{"name", "description", "parameters": <JSON Schema>}``."""
    return json.loads(_schema_text())


def openai_tool() -> dict[str, Any]:
    """The same definition in the OpenAI / DashScope function-calling envelope."""
    return {"type": "function", "function": load_tool_schema()}


def _check(value: Any, schema: Mapping[str, Any], path: str) -> None:
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, Mapping):
            raise QueryInputError(path, f"expected an object, got {type(value).__name__}")
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                raise QueryInputError(f"{path}.{key}".lstrip("."), "missing")
        for key, item in value.items():
            sub = f"{path}.{key}".lstrip(".")
            if key not in props:
                if schema.get("additionalProperties") is False:
                    raise QueryInputError(sub, "unknown property; expected one of " + ", ".join(props))
                continue
            if item is not None:
                _check(item, props[key], sub)
    elif kind == "string":
        if not isinstance(value, str):
            raise QueryInputError(path, f"expected a string, got {type(value).__name__}")
        if "enum" in schema and value not in schema["enum"]:
            raise QueryInputError(path, f"{value!r} is not one of " + ", ".join(schema["enum"]))
        if len(value) < schema.get("minLength", 0) or len(value) > schema.get("maxLength", 10**9):
            raise QueryInputError(path, "length out of range")
    elif kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            raise QueryInputError(path, f"expected an integer, got {type(value).__name__}")
        if value < schema.get("minimum", -10**18) or value > schema.get("maximum", 10**18):
            raise QueryInputError(path, f"must be between {schema.get('minimum')} and {schema.get('maximum')}")


def validate_arguments(arguments: Mapping[str, Any] | str) -> dict[str, Any]:
    """Parse (if JSON text) and check tool-call arguments; returns them as a dict."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as exc:
            raise QueryInputError("arguments", f"invalid JSON: {exc.msg}") from None
    _check(arguments, load_tool_schema()["parameters"], "")
    return dict(arguments)  # type: ignore[arg-type]


def call_tool(retrieval: Any, arguments: Mapping[str, Any] | str) -> dict[str, Any]:
    """Run a ``memory_query`` tool call; returns the answer package as JSON-ready data."""
    args = validate_arguments(arguments)
    package = retrieval.query(args["query"], args.get("query_mode"), time_range=args.get("time_range"),
                              filters=args.get("filters"), limit=args.get("limit", 10), now=args.get("now"))
    return package.to_json()
