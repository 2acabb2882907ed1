"""networkx views of the graph: multi-hop neighbourhoods, spreading activation, components.

SQLite stays the store; a view is built per call from the rows it needs (small: the
neighbourhood of a few entities), so there is no second copy of the graph to keep in sync.
"""

from __future__ import annotations

from typing import Sequence

from typing import TYPE_CHECKING

import apsw

if TYPE_CHECKING:  # imported where used: networkx costs ~0.2 s to import (see _nx)
    import networkx as nx

from ..db.connection import placeholders, query_all
from ..policy import GRAPH_SPREAD_DECAY, GRAPH_SPREAD_HOPS
from .lifecycle import EDGE_ACTIVE


def _nx():
    """networkx, imported on first use: it compiles its dispatch wrappers at import (~0.2 s),
    which a one-shot ``magi-memory query`` that never walks the graph should not pay."""
    import networkx

    return networkx


def build_graph(conn: apsw.Connection, *, entity_ids: Sequence[str] | None = None,
                statuses: Sequence[str] = (EDGE_ACTIVE,), hops: int = 1) -> nx.MultiDiGraph:
    """Edges among (and ``hops`` around) ``entity_ids``; the whole graph when None."""
    g = _nx().MultiDiGraph()
    sp = placeholders(len(statuses))
    if entity_ids is None:
        rows = query_all(conn, f"SELECT * FROM knowledge_graph WHERE status IN ({sp})", list(statuses))
    else:
        frontier, seen, rows = set(entity_ids), set(), []
        for _ in range(max(1, hops)):
            ids = sorted(frontier - seen)
            if not ids:
                break
            seen |= set(ids)
            ph = placeholders(len(ids))
            new = query_all(conn, f"SELECT * FROM knowledge_graph WHERE status IN ({sp}) AND "
                                  f"(subject_id IN ({ph}) OR object_id IN ({ph}))", [*statuses, *ids, *ids])
            rows += new
            frontier = {r["subject_id"] for r in new} | {r["object_id"] for r in new}
    for r in {r["triple_id"]: r for r in rows}.values():
        g.add_edge(r["subject_id"], r["object_id"], key=r["triple_id"], predicate=r["predicate"],
                   confidence=r["confidence"], status=r["status"], family=r["predicate_family"])
    return g


def spreading_activation(g: nx.MultiDiGraph, seeds: dict[str, float], *, hops: int = GRAPH_SPREAD_HOPS,
                         decay: float = GRAPH_SPREAD_DECAY, skip: Sequence[str] = ()) -> dict[str, float]:
    """Activation spread from seed entities along edges (both directions), weighted by edge
    confidence and ``decay`` per hop. ``skip`` nodes (the user hub) pass no activation on —
    otherwise every entity would be two hops from everything through the user."""
    act = dict(seeds)
    frontier = dict(seeds)
    ug = g.to_undirected(as_view=True)
    for _ in range(hops):
        nxt: dict[str, float] = {}
        for node, a in frontier.items():
            if node in skip or node not in ug:
                continue
            for nb in ug.neighbors(node):
                w = max((d.get("confidence", 0.5) for d in ug.get_edge_data(node, nb).values()), default=0.5)
                nxt[nb] = max(nxt.get(nb, 0.0), a * decay * w)
        for node, a in nxt.items():
            if a > act.get(node, 0.0):
                act[node] = a
        frontier = nxt
    return act


def multi_hop(g: nx.MultiDiGraph, source: str, predicates: Sequence[str], max_hops: int = 3) -> list[list[str]]:
    """Paths from ``source`` following only ``predicates`` (e.g. LOCATED_IN: place → parent place)."""
    allowed = set(predicates)
    nx = _nx()
    sub = nx.DiGraph()
    for u, v, d in g.edges(data=True):
        if d.get("predicate") in allowed:
            sub.add_edge(u, v)
    if source not in sub:
        return []
    paths = nx.single_source_shortest_path(sub, source, cutoff=max_hops)
    return [p for n, p in paths.items() if n != source]
