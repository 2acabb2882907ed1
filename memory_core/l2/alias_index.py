"""Which catalog aliases occur in a text, without scanning the whole alias table.

The pre-lookup of every L2 batch and the grounding of every question asked SQLite for
``instr(text, alias_norm) > 0`` over *all* aliases: a full scan whose cost grows with the
catalog (the projection slowed from ~270 to ~160 events/s over a 20k-event import, and each
query paid it too). This index keeps the alias strings in memory, bucketed by their first two
or three characters, so a text costs one dictionary probe per position. It only *finds
candidates*: the caller re-reads the matching rows from the database (status, merges,
deletions are the database's word), so a stale entry can never produce a wrong result.

The index follows the table by rowid (new aliases since the last call) and rebuilds when rows
were deleted (a counter kept by a trigger, migration 0015: counting the rows per check read the
whole table) or the connection sees an older table than the index was built from.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

import apsw

from ..text.segment import has_cjk


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


#: where an alias can start: a word start (Latin aliases match whole words) or any non-ASCII
#: character (CJK aliases match anywhere, and may begin with CJK punctuation: 【京东】…)
_STARTS = re.compile(r"(?<![\w])\S|[^\x00-\x7f\s]")


def eligible(alias: str) -> bool:
    """The aliases the pre-lookup considers: three characters or more, or two CJK ones (one
    character, or two Latin letters, would match almost anything)."""
    return len(alias) >= 3 or (len(alias) == 2 and ord(alias[0]) > 11903)


_TOKEN = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*\.?", re.UNICODE)


#: words an English shortening keeps whole ("U of T")
_KEPT_IN_INITIALS = frozenset({"of", "&"})


def name_parts(alias: str) -> set[str]:
    """The shorter names a later mention may use for ``alias``: a run of its words at its start
    or end ("civic", "model y" for "honda civic" / "tesla model y"; "st. mary's" for "st. mary's
    hospital"), its initials ("bu" for "boston university"), or for a CJK name a head or tail of
    two characters or more (朗逸 for 大众朗逸, 字节 for 字节跳动) or its two-character words' first
    characters (浙大 for 浙江大学). Other parts shorter than
    ``eligible`` allows are left out (they would name almost anything)."""
    out: set[str] = set()
    if has_cjk(alias):
        compact = alias.replace(" ", "")
        for k in range(2, len(compact)):
            out.add(compact[:k])
            out.add(compact[-k:])
        if len(compact) in (4, 6) and compact.endswith(("大学", "学院", "中学")) and \
                all("\u4e00" <= ch <= "\u9fff" for ch in compact):
            # the first character of each two-character word: 浙大 for 浙江大学, 北师大 for
            # 北京师范大学 - how Chinese shortens a school's name (not a brand's: 大众朗逸)
            out.add(compact[::2])
    else:
        words = alias.split()
        for k in range(1, len(words)):
            head = " ".join(words[:k])
            out.add(head)
            out.add(" ".join(words[-k:]))
            if head.endswith(("'s", "’s")):  # "St. Mary's" names "st. mary" (possessive dropped)
                out.add(head[:-2])
        initials = "".join(w[0] for w in words if w[:1].isalpha())
        if len(words) >= 2 and len(initials) == len(words):
            # "BU" for Boston University, "ucsd" for UC San Diego's words: initials are how
            # chat names an organisation the second time (kept though two letters are short:
            # resolution takes a part only when exactly one known entity of the type has it)
            out.add(initials)
        if len(words) >= 3 and any(w in _KEPT_IN_INITIALS for w in words[1:-1]):
            # "u of t" for University of Toronto, "b of a" for Bank of America: the linking
            # word stays a word, the others shrink to a letter
            out.add(" ".join(w if w in _KEPT_IN_INITIALS else w[0] for w in words))
    return {p for p in out if (eligible(p) or p.isalpha() and len(p) >= 2) and p != alias}


@dataclass
class AliasIndex:
    by3: dict[str, set[str]] = field(default_factory=dict)
    by2: dict[str, set[str]] = field(default_factory=dict)
    cjk: set[str] = field(default_factory=set)
    #: a shorter name -> the aliases it is a head or tail of (``name_parts``)
    parts: dict[str, set[str]] = field(default_factory=dict)
    max_rowid: int = 0
    #: ``entity_alias_deletions.n`` when the index was built
    deletions: int = 0
    #: the aliases' first characters, and :data:`_STARTS` narrowed to them (built again when a
    #: new first character arrives): a chat's CJK characters are all starts, few begin an alias
    firsts: set[str] = field(default_factory=set)
    _starts: re.Pattern[str] | None = field(default=None, repr=False)
    _starts_of: int = field(default=0, repr=False)

    def add(self, alias: str) -> None:
        if not eligible(alias):
            return
        for part in name_parts(alias):
            self.parts.setdefault(part, set()).add(alias)
        if has_cjk(alias):
            self.cjk.add(alias)
        self.firsts.add(alias[0])
        if len(alias) >= 3:
            self.by3.setdefault(alias[:3], set()).add(alias)
        else:
            self.by2.setdefault(alias, set()).add(alias)

    def find(self, lowered: str) -> set[str]:
        """Aliases occurring in ``lowered``: anywhere if they contain CJK, else as whole words
        (no word character right before or after), the rule ``instr`` + the word check applied."""
        hits: set[str] = set()
        n = len(lowered)
        by2, by3, cjk = self.by2, self.by3, self.cjk
        for m in self._alias_starts().finditer(lowered):
            p = m.start()
            two = by2.get(lowered[p:p + 2])
            if two:
                hits.update(two)  # two-character aliases are CJK: substring is the match
            bucket = by3.get(lowered[p:p + 3]) if p < n - 2 else None
            if not bucket:
                continue
            for alias in bucket:
                if not lowered.startswith(alias, p):
                    continue
                if alias in cjk:
                    hits.add(alias)
                    continue
                end = p + len(alias)
                # the boundary before is read only here: most positions match no alias
                if (p == 0 or not _is_word_char(lowered[p - 1])) and (end >= n or not _is_word_char(lowered[end])):
                    hits.add(alias)
        return hits

    def _alias_starts(self) -> re.Pattern[str]:
        """:data:`_STARTS` at the aliases' first characters only. Both match one character, so
        ``finditer`` yields exactly the positions of ``_STARTS`` whose character begins some
        alias — every other position's look-ups find nothing."""
        if self._starts is None or self._starts_of != len(self.firsts):
            chars = "".join(re.escape(ch) for ch in sorted(self.firsts))
            self._starts = re.compile(f"(?=[{chars}])(?:{_STARTS.pattern})" if chars else "(?!)")
            self._starts_of = len(self.firsts)
        return self._starts

    def longer_names(self, name: str) -> set[str]:
        """Aliases that ``name`` is a head or tail of (candidates only: the caller re-reads)."""
        return set(self.parts.get(name, ()))


_lock = threading.Lock()
_indexes: dict[str, AliasIndex] = {}


def _extend(index: AliasIndex, conn: apsw.Connection) -> None:
    """Add the alias rows after the index's last rowid."""
    for rowid, alias in conn.execute("SELECT rowid, alias_norm FROM entity_aliases WHERE rowid > ?",
                                     (index.max_rowid,)):
        index.add(alias)
        index.max_rowid = max(index.max_rowid, rowid)


def current(conn: apsw.Connection, key: str) -> AliasIndex:
    """The index of the store ``key`` (its path), brought up to date with ``conn``'s snapshot."""
    max_rowid = conn.execute("SELECT coalesce(max(rowid), 0) FROM entity_aliases").fetchone()[0]
    deletions = conn.execute("SELECT n FROM entity_alias_deletions WHERE id = 1").fetchone()[0]
    with _lock:
        index = _indexes.get(key)
        if index is not None and (max_rowid, deletions) == (index.max_rowid, index.deletions):
            return index
        if index is None or max_rowid < index.max_rowid or deletions != index.deletions:
            # rows were deleted (merge, deletion, orphan drop; a deleted top rowid may be reused),
            # or this connection sees an older table than the index: rebuild
            index = AliasIndex(deletions=deletions)
        _extend(index, conn)
        _indexes[key] = index
        return index
