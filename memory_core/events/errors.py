"""Typed ingest errors: every rejection names the field at fault."""

from __future__ import annotations


class PayloadError(ValueError):
    """A payload that cannot become a ``MemoryEvent``. Nothing of it is written."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"field '{field}': {message}")
        self.field = field
        self.reason = message

    def to_json(self) -> dict[str, str]:
        return {"field": self.field, "error": self.reason}
