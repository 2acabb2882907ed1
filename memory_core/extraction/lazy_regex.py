"""A regular expression compiled the first time it is used.

The rule extractor holds ~500 statement patterns of ~1 KB each (the shared subject and time
alternations are inside every one); compiling them all took ~1.1 s of every process that
imported the extractor — every `magi-memory ingest`, every drain — although the prefilter
(:mod:`.prefilter`) never lets most of them scan a given chat. A :class:`LazyPattern` keeps the
source and flags and compiles on the first search, so a process pays only for the patterns its
text can match. Matching is the compiled pattern's own: results are identical.
"""

from __future__ import annotations

import re
from typing import Any, Iterator


class LazyPattern:
    """The parts of :class:`re.Pattern` the extractor uses, compiled on first call.

    ``pattern`` and ``flags`` are available without compiling (the prefilter reads the literals
    from them). Two threads compiling at once both get an equal pattern; the assignment is
    atomic, so no lock is needed."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        rx = self._compiled
        if rx is None:
            rx = self._compiled = re.compile(self.pattern, self.flags)
        return rx

    @property
    def is_compiled(self) -> bool:
        return self._compiled is not None

    def search(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.search(string, *args)

    def match(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.match(string, *args)

    def fullmatch(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, *args)

    def finditer(self, string: str, *args: Any) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, *args)

    def findall(self, string: str, *args: Any) -> list[Any]:
        return self.compiled.findall(string, *args)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern[:60]!r}…)"
