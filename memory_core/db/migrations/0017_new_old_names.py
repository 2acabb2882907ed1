"""0017: names re-normalised after ``name_norm`` stopped folding "New" / "Old" off proper names.

Before, "New York" normalised to "york", "New Mexico" to "mexico" and "New Balance" to "balance"
(the words were dropped like "my new car"'s "new"). A store written then holds:

- **mention aliases bound by the wrong reading**: "New Mexico" said after "Mexico City" became an
  alias "mexico" of the Mexico City entity. The binding itself was the error, so such an alias
  (source ``mention`` or ``merge``) whose norm changes is deleted, not re-spelt: the next "New
  Mexico" resolves afresh, and a plain "Mexico" no longer lands on Mexico City.
- **canonical and user aliases** keep their entity (the name was given for it) under the new norm
  (a row written again: the in-memory alias index follows inserts and deletions).
- **mention rows and entity names**: ``name_norm`` recomputed from the text kept beside it; a
  mention row whose new norm collides with another of its event keeps the old one (history).
- **assertions**: ``value_norm`` and ``merge_key`` recomputed from ``value``.

What the old reading already merged (one entity "york" holding both York and New York) is not
split: nothing in the store says which mention meant which. Rows whose text had no leading "new"
/ "old" are unchanged (the rest of the normalisation is the same), so the migration touches only
the rows it must.
"""

from __future__ import annotations

import apsw

from ...l2.assertion_store import merge_key
from ...l2.lifecycle import name_norm


def _changed(rows: list[tuple], text_at: int, norm_at: int) -> list[tuple]:
    return [r for r in rows if name_norm(r[text_at]) != r[norm_at]]


def _may_hold_new_old(column: str) -> str:
    """A SQL filter that keeps only rows whose text may carry "new" / "old" (loose: any spacing;
    Python decides), so a large store is not re-normalised row by row."""
    return f"({column} LIKE '%new%' OR {column} LIKE '%old%')"


def upgrade(conn: apsw.Connection) -> None:
    aliases = _changed(list(conn.execute(
        "SELECT rowid, alias, alias_norm, entity_id, source, created_at FROM entity_aliases WHERE "
        + _may_hold_new_old("alias"))), 1, 2)
    for rowid, alias, _old, entity_id, source, created_at in aliases:
        # deleted and written again, never updated in place: the in-memory alias index
        # (l2/alias_index.py) follows new rowids and a deletion counter, not updates
        conn.execute("DELETE FROM entity_aliases WHERE rowid = ?", (rowid,))
        if source not in ("mention", "merge"):
            conn.execute("INSERT OR IGNORE INTO entity_aliases(alias_norm, entity_id, alias, source, created_at) "
                         "VALUES (?, ?, ?, ?, ?)", (name_norm(alias), entity_id, alias, source, created_at))
    for seq, name, _old in _changed(list(conn.execute(
            "SELECT entity_seq, canonical_name, name_norm FROM entity_catalog WHERE "
            + _may_hold_new_old("canonical_name"))), 1, 2):
        conn.execute("UPDATE entity_catalog SET name_norm = ? WHERE entity_seq = ?", (name_norm(name), seq))
    for mid, text, _old in _changed(list(conn.execute(
            "SELECT mention_id, mention_text, name_norm FROM entity_mentions WHERE "
            + _may_hold_new_old("mention_text"))), 1, 2):
        conn.execute("UPDATE OR IGNORE entity_mentions SET name_norm = ? WHERE mention_id = ?", (name_norm(text), mid))
    for seq, value, _old, entity_id, trait in _changed(list(conn.execute(
            "SELECT assertion_seq, value, value_norm, entity_id, trait FROM tom_trait_assertions WHERE "
            + _may_hold_new_old("value"))), 1, 2):
        conn.execute("UPDATE tom_trait_assertions SET value_norm = ?, merge_key = ? WHERE assertion_seq = ?",
                     (name_norm(value), merge_key(entity_id, trait, value), seq))
