"""Event normalisation: the ``MemoryEvent`` contract, payload validation and rendering."""

from .errors import PayloadError
from .model import MemoryEvent, StoredEvent
from .normalize import normalize

__all__ = ["MemoryEvent", "PayloadError", "StoredEvent", "normalize"]
