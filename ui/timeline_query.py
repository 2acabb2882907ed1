"""The L1 timeline's SQL: filters, full-text search, paging and the activity histogram.

Pure functions over an apsw connection (no Qt), so they are unit-testable and run on a reader
thread. The timeline model holds the ordered ``seq`` list of the current filter (a 100k-row
snapshot is ~1 MB of ints and loads in tens of milliseconds through the time indexes) and
fetches the visible rows page by page, so the scroll bar always reflects every row while only a
few hundred rows are ever materialised.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any, Sequence

import apsw
import numpy as np

from memory_core.db.connection import placeholders, query_all
from memory_core.l1.store import event_filters
from memory_core.text.segment import fts_and_query, fts_or_query, fts_phrase, query_terms

#: columns shown in the table (the detail view reads the whole row)
LIST_COLUMNS = ("seq", "event_id", "occurred_at", "source", "event_type", "author_type",
                "evidence_class", "l1_retrieval_scope", "content")


@dataclass(frozen=True, slots=True)
class TimelineFilter:
    since: float | None = None
    until: float | None = None
    source: str | None = None
    author_type: str | None = None
    evidence_class: str | None = None
    scope: str | None = None
    session_id: str | None = None
    #: free text: matched through the FTS5 index (segmented like the documents); a "quoted
    #: phrase" must occur as written
    text: str = ""
    #: a text search lists only events with every word (default: any word, those with every
    #: word first)
    every_word: bool = False
    #: a text search lists newest first instead of most relevant first
    by_date: bool = False

    def with_(self, **changes: Any) -> "TimelineFilter":
        return replace(self, **changes)

    def without_time(self) -> "TimelineFilter":
        return replace(self, since=None, until=None)


@dataclass(frozen=True, slots=True)
class SearchText:
    """A search box's text, read: the "quoted phrases" (each must occur as written) and the
    other words (any of them may match; the events with all of them rank first)."""

    phrases: tuple[str, ...] = ()
    words: tuple[str, ...] = ()

    @property
    def terms(self) -> list[str]:
        """What the list marks in the text: the phrases whole and the words."""
        return [*self.phrases, *self.words]


_QUOTED = re.compile(r"[\"“”]([^\"“”]+)[\"“”]")


def parse_search(text: str) -> SearchText:
    """Split the search box text into quoted phrases and words (an upper-case OR between words
    is a separator, not a word)."""
    phrases = tuple(p for p in (" ".join(m.split()) for m in _QUOTED.findall(text)) if fts_phrase(p))
    rest = _QUOTED.sub(" ", text)
    return SearchText(phrases, tuple(_search_terms(rest)))


def fts_expression(text: str) -> str:
    """The FTS5 MATCH expression an event must satisfy to be listed for a search box text
    ('' when it has no searchable word): every quoted phrase if there is one (the other words
    then only rank), else any of the words.

    Every word is an alternative already, so an upper-case ``OR`` typed between words ("空气炸锅
    OR air fryer") is the separator it reads as, not the word "or" (which matched every event
    saying "… or …").
    """
    return _expression(parse_search(text), every_word=False)


def all_words_expression(text: str) -> str:
    """The FTS5 expression an event matches only if it has *every* searchable word and phrase."""
    return _expression(parse_search(text), every_word=True)


def _expression(search: SearchText, *, every_word: bool) -> str:
    if every_word:
        return fts_and_query([*search.phrases, *search.words])
    # with a phrase, the phrase decides what is listed and the other words only rank
    return fts_and_query(list(search.phrases)) or fts_or_query(list(search.words))


def listing_expression(flt: "TimelineFilter") -> str:
    """The expression that decides which events a text search lists."""
    return all_words_expression(flt.text) if flt.every_word else fts_expression(flt.text)


def _search_terms(text: str) -> list[str]:
    """The search box's words: an upper-case OR between them is a separator, not a word."""
    text = re.sub(r"(?<!\S)OR(?!\S)", " ", text)
    return query_terms(text, keep_stopwords=True) if text.strip() else []


def _where(flt: TimelineFilter) -> tuple[str, list[Any]]:
    where, params = event_filters(source=flt.source, author_type=flt.author_type,
                                  evidence_class=flt.evidence_class, scope=flt.scope,
                                  session_id=flt.session_id, since=flt.since, until=flt.until)
    expr = listing_expression(flt)
    if expr:
        clause = "seq IN (SELECT rowid FROM fact_events_fts WHERE fact_events_fts MATCH ?)"
        where = f"{where} AND {clause}" if where else f"WHERE {clause}"
        params.append(expr)
    elif flt.text.strip():
        # nothing searchable (punctuation only): match nothing rather than everything
        where = f"{where} AND 0" if where else "WHERE 0"
    return where, params


def search_seq_array(conn: apsw.Connection, flt: TimelineFilter) -> tuple[np.ndarray, int]:
    """A text search's events in relevance order, and how many of them have every word.

    Any word matched used to be enough and the list stayed in date order: "LGBTQ support group
    yesterday" listed the exact sentence as row 90 of 90. Now the events with all the words
    come first, best BM25 match first, then those with only some of them (also by BM25), each
    tier newest first among equal scores. ``flt.every_word`` lists only the first tier;
    ``flt.by_date`` lists newest first (the count of every-word events is still given)."""
    any_expr, all_expr = fts_expression(flt.text), all_words_expression(flt.text)
    if flt.every_word:
        any_expr = all_expr
    order = ("e.occurred_at DESC, e.seq DESC" if flt.by_date
             else "min(m.tier), min(m.score), e.occurred_at DESC, e.seq DESC")
    where, params = _where(flt.with_(text=""))
    filters = where.replace("WHERE", "AND", 1) if where else ""
    row = conn.execute(
        "SELECT group_concat(seq, ','), sum(tier = 0) FROM ("
        "  SELECT e.seq AS seq, min(m.tier) AS tier FROM ("
        "    SELECT rowid AS rid, 0 AS tier, bm25(fact_events_fts) AS score FROM fact_events_fts "
        "    WHERE fact_events_fts MATCH ?"
        "    UNION ALL "
        "    SELECT rowid, 1, bm25(fact_events_fts) FROM fact_events_fts WHERE fact_events_fts MATCH ?"
        f"  ) m JOIN fact_events e ON e.seq = m.rid WHERE 1 {filters} "
        f"  GROUP BY e.seq ORDER BY {order})",
        [all_expr or any_expr, any_expr, *params]).fetchone()
    if not row or not row[0]:
        return np.zeros(0, dtype=np.int64), 0
    return np.fromstring(row[0], dtype=np.int64, sep=","), int(row[1] or 0)


def load_listing(conn: apsw.Connection, flt: TimelineFilter) -> tuple[np.ndarray, int | None]:
    """What the list shows for ``flt``, and, for a text search, how many have every word."""
    if fts_expression(flt.text):
        return search_seq_array(conn, flt)
    return load_seq_array(conn, flt), None


def load_seq_array(conn: apsw.Connection, flt: TimelineFilter, *, newest_first: bool = True) -> np.ndarray:
    """Every matching event's ``seq`` in display order (newest first; a text search: most
    relevant first, see :func:`search_seq_array`), as an int64 array."""
    if fts_expression(flt.text):
        return search_seq_array(conn, flt)[0]
    where, params = _where(flt)
    order = "DESC" if newest_first else "ASC"
    # one row, parsed in C: iterating 100k rows in Python on a reader thread would hand the GIL
    # back and forth with the UI thread 100k times (each hand-over can cost the UI a few ms)
    row = conn.execute(f"SELECT group_concat(seq, ',' ORDER BY occurred_at {order}, seq {order}) "
                       f"FROM fact_events {where}", params).fetchone()
    if not row or not row[0]:
        return np.zeros(0, dtype=np.int64)
    return np.fromstring(row[0], dtype=np.int64, sep=",")


def load_seqs(conn: apsw.Connection, flt: TimelineFilter, *, newest_first: bool = True) -> list[int]:
    """Every matching event's ``seq`` in display order (newest first)."""
    return load_seq_array(conn, flt, newest_first=newest_first).tolist()


def positions(seqs: np.ndarray, wanted: Sequence[int]) -> dict[int, int]:
    """The row of each ``wanted`` seq in a snapshot (seqs it does not hold are left out).

    One vectorised pass: a reload re-finds the selection and the row at the top of the view
    in a 100k-row snapshot in about a millisecond, off the UI thread.
    """
    if not len(wanted) or not seqs.size:
        return {}
    rows = np.nonzero(np.isin(seqs, np.asarray(list(wanted), dtype=np.int64)))[0]
    return dict(zip(seqs[rows].tolist(), rows.tolist()))


def load_rows(conn: apsw.Connection, seqs: Sequence[int]) -> dict[int, dict[str, Any]]:
    """The list columns for a page of seqs (keyed by seq; deleted seqs are simply absent)."""
    out: dict[int, dict[str, Any]] = {}
    seqs = list(seqs)
    for i in range(0, len(seqs), 500):
        part = seqs[i:i + 500]
        for row in query_all(conn, f"SELECT {', '.join(LIST_COLUMNS)} FROM fact_events "
                                   f"WHERE seq IN ({placeholders(len(part))})", part):
            out[row["seq"]] = row
    return out


def distinct_values(conn: apsw.Connection) -> dict[str, list[str]]:
    """Filter choices present in the data (sources, authors, classes, scopes)."""
    sets: dict[str, set[str]] = {"source": set(), "author_type": set(), "evidence_class": set(), "scope": set()}
    # one scan for all four (the combinations are few: tens of rows, whatever the table size)
    for src, author, cls, scope in conn.execute(
            "SELECT source, author_type, evidence_class, l1_retrieval_scope FROM fact_events GROUP BY 1, 2, 3, 4"):
        sets["source"].add(src)
        sets["author_type"].add(author)
        sets["evidence_class"].add(cls)
        sets["scope"].add(scope)
    return {k: sorted(v) for k, v in sets.items()}


def time_bounds(conn: apsw.Connection, flt: TimelineFilter | None = None) -> tuple[float, float] | None:
    where, params = _where(flt or TimelineFilter())
    row = conn.execute(f"SELECT min(occurred_at), max(occurred_at) FROM fact_events {where}",
                       params).fetchone()
    if row is None or row[0] is None:
        return None
    return float(row[0]), float(row[1])


#: bucket widths the histogram chooses from (seconds)
BUCKETS_S = (60, 300, 900, 3600, 3 * 3600, 6 * 3600, 86400, 7 * 86400, 30 * 86400)


def bucket_width(span_s: float, target_bins: int = 120) -> int:
    """The smallest standard bucket giving at most ``target_bins`` bars over ``span_s``."""
    for width in BUCKETS_S:
        if span_s / width <= target_bins:
            return width
    return int(math.ceil(span_s / target_bins / 86400.0) * 86400)


@dataclass(frozen=True, slots=True)
class Histogram:
    width_s: int
    starts: list[float]
    counts: list[int]

    @property
    def total(self) -> int:
        return sum(self.counts)


def histogram(conn: apsw.Connection, flt: TimelineFilter, *, target_bins: int = 120) -> Histogram:
    """Event counts per time bucket, grouped in SQL (never by pulling rows into Python).

    The histogram ignores the filter's own time range, so the chosen range can be seen inside
    the whole activity (the panel draws the range as a region over it).
    """
    base = flt.without_time()
    bounds = time_bounds(conn, base)
    if bounds is None:
        return Histogram(3600, [], [])
    lo, hi = bounds
    width = bucket_width(max(hi - lo, 1.0), target_bins)
    where, params = _where(base)
    rows = conn.execute(
        f"SELECT CAST(occurred_at / ? AS INTEGER) AS b, count(*) FROM fact_events {where} "
        f"GROUP BY b ORDER BY b", (width, *params)).fetchall()
    return Histogram(width, [float(b * width) for b, _ in rows], [int(c) for _, c in rows])


def load_event(conn: apsw.Connection, event_id: str) -> dict[str, Any] | None:
    rows = query_all(conn, "SELECT * FROM fact_events WHERE event_id = ?", (event_id,))
    return rows[0] if rows else None
