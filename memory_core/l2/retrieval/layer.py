"""The "l2" retrieval layer and the "graph" event path.

Subdomains run side by side on one reader (each is a few indexed SQL queries; a thread pool
would cost more than it saves on SQLite's single file), then fuse by weighted RRF with the
mode's subdomain weights (``policy.L2_SUBDOMAIN_WEIGHTS``), filtered by time and structure and
ordered by evidence strength and confidence:

* edges — structural SQL (subject, predicate family, object type/category, status, time),
  edge-semantic vector search rescored by the same structure, and multi-hop (place → parent
  place via LOCATED_IN, account → person via ACCOUNT_OF);
* assertions + snapshots — live, unexpired assertions for current state; superseded /
  overwritten / expired ones too for history questions ("did I live in Shanghai before?");
* episodes — time-bounded stretches overlapping the window or sharing the question's entities.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

import apsw

from ...db.connection import placeholders, query_all
from ...policy import (ENDED_STATE_BONUS, L2_EPISODE_MAX_EVENT_IDS, L2_EPISODE_MIN_TERM_OVERLAP, L2_HIT_MAX_EVENT_IDS, L2_SUBDOMAIN_WEIGHTS, RRF_K,
                       QueryMode)
from ...retrieval.plan import LayerHit, LayerResult
from .. import assertion_store as A
from .. import graph_store as G
from ..catalog import canonical_name, types_compatible
from ..graph import build_graph, multi_hop, spreading_activation
from ..lifecycle import (EDGE_ACTIVE, assertion_status, HISTORICAL_ASSERTION_STATES, HISTORICAL_EDGE_STATES,
                         ENDED_BY_STATEMENT_STATES, LIVE_ASSERTION_STATES, REJECTED, USER_DENIED)
from ..vectors import EDGE_KIND, knn
from .grounding import Grounding, ground

_FETCH = 50
#: edge-semantic recall keeps neighbours at least this similar unless structure names them
EDGE_SEMANTIC_MIN_SIM = 0.5


def live_as_of(a: Any, now: float) -> bool:
    """Whether an assertion was part of the profile at ``now`` (the query's clock): stated by
    then, and not yet ended by then. A denial or rejection is not time-travelled: the user said
    it was never true."""
    if a.status in (USER_DENIED, REJECTED):
        return False
    if a.valid_from is not None and a.valid_from > now:
        return False
    if a.expires_at is not None and a.expires_at <= now:
        return False
    if a.status in LIVE_ASSERTION_STATES:
        return True
    end = a.valid_to if a.valid_to is not None else a.expires_at
    return end is not None and end > now


#: words of a question about the person's state in general ("how am I doing these days?"),
#: as opposed to one about a topic ("what is my diet now?") that a profile does not answer
GENERAL_STATE_WORDS = frozenset({
    "how", "doing", "feeling", "feel", "feels", "now", "today", "lately", "recently", "currently",
    "current", "these", "days", "situation", "state", "status", "mood", "overall", "things", "life",
    "怎么样", "如何", "状态", "最近", "现在", "近况", "心情", "感觉", "情况", "过得"})


def general_state_question(terms: Sequence[str]) -> bool:
    return all(t.lower() in GENERAL_STATE_WORDS for t in terms)


def profile_hit(subject_id: str, live_hits: Sequence[LayerHit], now: float) -> LayerHit | None:
    """One finding that sums up the current traits and states the question matched, as words
    ("mood: happy; residence: Jiaxing"), dated by the query's ``now``. Only when there are at
    least two: a single one is already its own finding. Never the raw snapshot: it listed every
    trait, relevant or not, as a Python dict dated by the refresh's wall clock."""
    if len(live_hits) < 2:
        return None
    parts, evidence = [], []
    for h in sorted(live_hits, key=lambda h: (h.payload.get("term") != "short", h.payload.get("trait") or "")):
        m = h.payload
        value = m.get("value")
        parts.append(f"{m.get('trait')}: {'' if m.get('polarity', 1) else 'not '}{value}")
        evidence += list(h.event_ids[:2])
    text = f"profile as of {_day(now)}: " + "; ".join(parts)
    ev = list(dict.fromkeys(evidence))
    return LayerHit("l2", "snapshot", subject_id, text, 0.3, ev[:L2_HIT_MAX_EVENT_IDS], now,
                    {"all_event_ids": ev, "current": True, "traits": [h.payload.get("trait") for h in live_hits],
                     "parts": [(h.payload.get("trait"), h.payload.get("polarity", 1), h.payload.get("value"))
                               for h in sorted(live_hits, key=lambda h: (h.payload.get("term") != "short",
                                                                        h.payload.get("trait") or ""))]})


def _day(t: float | None) -> str:
    return datetime.fromtimestamp(t, tz=timezone.utc).strftime("%Y-%m-%d") if t else "?"


def _in_window(t: float | None, window: tuple[float | None, float | None]) -> bool:
    if t is None:
        return window == (None, None)
    start, end = window
    return (start is None or t >= start) and (end is None or t < end)


class L2Retriever:
    name = "l2"

    def __init__(self, service: Any) -> None:
        self.svc = service

    def search(self, plan: Any) -> LayerResult:
        t0 = time.perf_counter()
        conn = self.svc.db.reader()
        g = ground(conn, plan)
        weights = L2_SUBDOMAIN_WEIGHTS.get(plan.mode, L2_SUBDOMAIN_WEIGHTS[QueryMode.EXACT_FACT])
        trace: dict[str, Any] = {"grounding": g.to_json(), "weights": dict(weights), "subdomains": {}}
        ranked: dict[str, list[LayerHit]] = {}
        if weights.get("edge", 0) > 0:
            ranked["edge"] = self._edges(conn, plan, g, trace)
        if weights.get("assertion", 0) > 0:
            ranked["assertion"] = self._assertions(conn, g, plan.now, trace)
        if weights.get("episode", 0) > 0:
            ranked["episode"] = self._episodes(conn, plan, g, trace)
        fused: dict[str, tuple[float, LayerHit]] = {}
        for sub, hits in ranked.items():
            w = weights.get(sub, 0.0)
            for rank, h in enumerate(hits):
                key = f"{h.kind}:{h.id}"
                s = w / (RRF_K + rank + 1) * (0.5 + h.score)
                prev = fused.get(key)
                fused[key] = (s + (prev[0] if prev else 0.0), h)
        out = sorted(fused.values(), key=lambda x: -x[0])[: max(plan.limit, 10)]
        who = None if g.subject_is_user else canonical_name(conn, g.subject_id)
        hits = []
        for s, h in out:
            if who and h.kind in ("edge", "assertion", "snapshot"):
                # about someone else (a speaker of an imported chat): the row says whose it is,
                # so neither the text nor its words in the answer read as the user's
                h.payload["subject"] = who
                h.text = h.text.replace("user ", f"{who} ", 1) if h.kind == "edge" else f"{who} — {h.text}"
            h.payload["subdomain_score"] = h.score
            h.score = round(s * 1000, 4)
            hits.append(h)
        trace["ms"] = round((time.perf_counter() - t0) * 1000, 2)
        return LayerResult(hits=hits, trace=trace)

    # -- edges -----------------------------------------------------------------------------------

    def _edge_rows(self, conn: apsw.Connection, g: Grounding) -> list[dict[str, Any]]:
        statuses = HISTORICAL_EDGE_STATES if (g.history or g.anchor_at is not None) else (EDGE_ACTIVE,)
        params: list[Any] = [g.subject_id, *statuses]
        sql = (f"SELECT g.*, o.entity_type AS object_type, o.canonical_name AS object_name FROM knowledge_graph g "
               f"JOIN entity_catalog o ON o.entity_id = g.object_id WHERE g.subject_id = ? "
               f"AND g.status IN ({placeholders(len(statuses))})")
        if g.families:
            sql += f" AND g.predicate_family IN ({placeholders(len(g.families))})"
            params += list(g.families)
        return query_all(conn, sql + " ORDER BY g.first_observed_at", params)

    def _structural_score(self, conn: apsw.Connection, r: dict[str, Any], g: Grounding) -> float | None:
        """None = excluded by structure; otherwise a [0, 1.5] match strength."""
        if r["object_id"] in g.anchor_entity_ids:
            return None
        if not _in_window(r["first_observed_at"], g.window):
            return None
        score = r["confidence"]
        if g.target_entity_type:
            if types_compatible(r["object_type"], g.target_entity_type):
                score += 0.3
            elif not g.target_category:
                return None
        if g.target_category:
            facet = conn.execute("SELECT 1 FROM entity_facets WHERE entity_id = ? AND facet = 'category' AND value = ?",
                                 (r["object_id"], g.target_category)).fetchone()
            if facet:
                score += 0.3
            elif not (g.target_entity_type and types_compatible(r["object_type"], g.target_entity_type)):
                return None
        if g.families and r["predicate_family"] in g.families[:1]:
            score += 0.1
        if r["object_id"] in g.question_entity_ids:
            score += 0.3
        if r["status"] != EDGE_ACTIVE and not g.history:
            score -= 0.3
        return score

    def _edge_hit(self, r: dict[str, Any], score: float, channel: str, ev: list[_Evidence]) -> LayerHit:
        status = "" if r["status"] == EDGE_ACTIVE else f", {r['status']} {_day(r['valid_to'])}"
        last, seen, said = r["last_observed_at"], r["observation_count"], r["evidence_text"]
        if ev and last is not None and max(e.occurred_at for e in ev) < last:
            # asked as of an earlier date (``ev`` holds what was told by then): the relation as
            # it stood then — not a later sighting, count or quote ("seen 2x … 'My fiancée Priya…'"
            # on a day she was still a girlfriend)
            last, seen = max(e.occurred_at for e in ev), len(ev)
            said = next((e.text for e in ev if e.text), said)
        text = (f"user {r['predicate']} {r['object_name']} ({r['object_type']}; {r['directness']}; "
                f"first {_day(r['first_observed_at'])}, last {_day(last)}, "
                f"seen {seen}x{status}) — evidence: \"{said[:160]}\"")
        ev_ids = [e.event_id for e in ev]
        return LayerHit("l2", "edge", r["triple_id"], text, score, ev_ids[:L2_HIT_MAX_EVENT_IDS], r["first_observed_at"],
                        {"all_event_ids": ev_ids, "predicate": r["predicate"], "family": r["predicate_family"], "object": r["object_name"],
                         "object_id": r["object_id"], "object_type": r["object_type"], "status": r["status"],
                         "directness": r["directness"], "confidence": r["confidence"],
                         "valid_from": r["valid_from"], "valid_to": r["valid_to"],
                         "first_observed_at": r["first_observed_at"], "last_observed_at": r["last_observed_at"],
                         "channel": channel})

    def _edges(self, conn: apsw.Connection, plan: Any, g: Grounding, trace: dict[str, Any]) -> list[LayerHit]:
        scored: dict[str, tuple[float, dict[str, Any], str]] = {}
        rows = self._edge_rows(conn, g) if (g.families or g.target_entity_type or g.target_category
                                             or g.question_entity_ids) else []
        constrained = bool(g.families or g.target_entity_type or g.target_category)
        for r in rows:
            if not constrained and r["object_id"] not in g.question_entity_ids:
                continue  # no family/type asked: only relations of the entities the question names
            s = self._structural_score(conn, r, g)
            if s is not None:
                scored[r["triple_id"]] = (s, r, "structural")
        n_struct = len(scored)
        # edge-semantic channel: vectors recall, structure rescores (and may exclude)
        n_sem = 0
        space = self.svc.space_id
        if plan.query_vector is not None and space is not None:
            for tid, sim in knn(conn, EDGE_KIND, space, plan.query_vector, _FETCH):
                r = query_all(conn, "SELECT g.*, o.entity_type AS object_type, o.canonical_name AS object_name "
                                    "FROM knowledge_graph g JOIN entity_catalog o ON o.entity_id = g.object_id "
                                    "WHERE g.triple_id = ? AND g.subject_id = ?", (tid, g.subject_id))
                if not r or (r[0]["status"] not in (HISTORICAL_EDGE_STATES if g.history else (EDGE_ACTIVE,))):
                    continue
                if g.families and r[0]["predicate_family"] not in g.families:
                    continue
                if sim < EDGE_SEMANTIC_MIN_SIM and r[0]["object_id"] not in g.question_entity_ids:
                    continue  # a far neighbour is not a relation the question is about
                s = self._structural_score(conn, r[0], g)
                if s is None:
                    continue
                n_sem += 1
                prev = scored.get(tid)
                combined = s + 0.5 * max(0.0, sim)
                if prev is None or combined > prev[0]:
                    scored[tid] = (combined, r[0], "semantic" if prev is None else "structural+semantic")
        # multi-hop: question places reached through LOCATED_IN / accounts through ACCOUNT_OF
        n_hop = 0
        if g.question_entity_ids:
            graph = build_graph(conn, entity_ids=g.question_entity_ids, statuses=HISTORICAL_EDGE_STATES, hops=2)
            rev = graph.reverse(copy=False)
            for qe in g.question_entity_ids:
                for path in multi_hop(rev, qe, ("LOCATED_IN", "PART_OF", "ACCOUNT_OF", "MEMBER_OF"), 3):
                    child = path[-1]
                    for r in query_all(conn, "SELECT g.*, o.entity_type AS object_type, o.canonical_name AS object_name "
                                             "FROM knowledge_graph g JOIN entity_catalog o ON o.entity_id = g.object_id "
                                             "WHERE g.subject_id = ? AND g.object_id = ?", (g.subject_id, child)):
                        if r["triple_id"] not in scored and _in_window(r["first_observed_at"], g.window):
                            scored[r["triple_id"]] = (r["confidence"] * 0.8, r, f"multi_hop:{len(path) - 1}")
                            n_hop += 1
        # a relation scheduled to begin after the question's now (a job starting next month)
        # does not hold yet, as for assertions (``live_as_of``)
        scored = {tid: v for tid, v in scored.items()
                  if v[1]["valid_from"] is None or plan.now is None or v[1]["valid_from"] <= plan.now}
        ev = _ranked_evidence(conn, "edge", list(scored), plan.now)
        # asked as of a date: a relation nothing had told by then did not exist yet
        hits = [self._edge_hit(r, s, ch, ev.get(tid, [])) for tid, (s, r, ch) in scored.items()
                if ev.get(tid) or getattr(plan, "as_of", None) is None]
        hits.sort(key=lambda h: (-h.score, h.occurred_at or 0))
        trace["subdomains"]["edge"] = {"structural": n_struct, "semantic": n_sem, "multi_hop": n_hop,
                                       "hits": len(hits)}
        return hits[:_FETCH]

    # -- assertions + snapshots --------------------------------------------------------------------

    def _assertions(self, conn: apsw.Connection, g: Grounding, now: float, trace: dict[str, Any]) -> list[LayerHit]:
        # ended rows too (superseded, overwritten, expired): a question asked "as of" an
        # earlier date (query now) sees what was current then, not what is current today
        statuses = HISTORICAL_ASSERTION_STATES
        params: list[Any] = [g.subject_id, *statuses]
        sql = (f"SELECT * FROM tom_trait_assertions WHERE entity_id = ? AND status IN ({placeholders(len(statuses))})")
        if g.traits:
            sql += f" AND trait IN ({placeholders(len(g.traits))})"
            params += list(g.traits)
        elif g.target_kind != "state" and not g.history:
            return []
        rows = query_all(conn, sql, params)
        if not g.traits:  # "how am I now": every current state, long-term traits only if named
            words = {w.lower() for w in (g.question_terms or [])}
            rows = [r for r in rows if r["term"] == "short" or r["trait"] in words
                    or any(w in r["value_norm"].split() for w in words)]
        models = A.to_models(conn, rows)
        told = _ranked_evidence(conn, "assertion", [a.assertion_id for a in models], now)
        hits = []
        for a in models:
            if a.valid_from is not None and a.valid_from > now:
                continue  # stated after the moment the question is about
            live = live_as_of(a, now)
            if not g.history and not live:
                continue
            if g.anchor_at is not None and not _in_window(a.valid_from, g.window):
                continue
            score = a.confidence + (0.4 if live else 0.0) + (0.2 if a.term == "short" and g.target_kind == "state" else 0)
            if g.history and not live:
                score += 0.2  # the question asks about the past: superseded rows are the answer
            until = f", until {_day(a.valid_to or a.expires_at)}" if not live else ""
            # the status as of the question's moment: a belief current then reads "current",
            # whatever happened to it later
            shown = "current then" if live and a.status not in LIVE_ASSERTION_STATES else a.status
            by_then = told.get(a.assertion_id, [])
            count = len(by_then) or a.evidence_count  # (no row told by then: the stored count)
            if count < a.evidence_count and shown in LIVE_ASSERTION_STATES:
                # corroborated later than the question's now: as it stood then
                shown = assertion_status(count, a.first_observed_at, now, a.user_confirmed)
            text = (f"{a.trait}: {'' if a.polarity else 'not '}{a.value} ({shown}; since {_day(a.valid_from)}{until}; "
                    f"{count} evidence)")
            newest = max((e for e in by_then if e.text), key=lambda e: (e.occurred_at, e.seq), default=None)
            quote = value_clause(newest.text if newest else "", a.value)
            if quote:
                # the user's own words beside the belief ("partner: marcus" — "My boyfriend Marcus
                # and I…"): the clause that states it, readable without opening the trace
                text += f" — evidence: \"{quote[:160]}\""
            ev = list(reversed(a.evidence_event_ids))  # newest statement first
            hits.append(LayerHit("l2", "assertion", a.assertion_id, text, score, ev[:L2_HIT_MAX_EVENT_IDS], a.valid_from,
                                 _assertion_payload(a, ev, live)))
        if g.target_kind == "state" and not g.history and g.traits:
            hits += _ended_state_hits(conn, models, {h.payload["trait"] for h in hits if h.payload["current"]}, now)
        if g.target_kind == "state" and general_state_question(g.question_terms):
            profile = profile_hit(g.subject_id, [h for h in hits if h.payload["current"]], now)
            if profile is not None:
                hits.append(profile)
        hits.sort(key=lambda h: -h.score)
        trace["subdomains"]["assertion"] = {"hits": len(hits), "history": g.history}
        return hits

    # -- episodes ------------------------------------------------------------------------------------

    def _episodes(self, conn: apsw.Connection, plan: Any, g: Grounding, trace: dict[str, Any]) -> list[LayerHit]:
        import json

        rows = query_all(conn, "SELECT * FROM episodes WHERE status IN ('candidate', 'promoted') ORDER BY ended_at DESC LIMIT 200")
        terms = set(getattr(plan, "target_terms", None) or plan.terms or [])
        if len(rows) >= 4:  # a word in most episodes (a speaker's name) tells episodes apart poorly
            df = {t: sum(1 for r in rows if t in r["topic_terms"]) for t in terms}
            terms = {t for t in terms if df[t] <= 0.5 * len(rows)}
        hits = []
        for r in rows:
            start, end = g.window
            if (start is not None and r["ended_at"] < start) or (end is not None and r["started_at"] >= end):
                continue
            ents = set(json.loads(r["entity_ids"]))
            topic = set(json.loads(r["topic_terms"]))
            shared_entities = len(ents & set(g.question_entity_ids))
            shared_terms = len(topic & terms)
            if not shared_entities and shared_terms < L2_EPISODE_MIN_TERM_OVERLAP:
                continue
            score = shared_entities + shared_terms * 0.5 + (0.3 if r["status"] == "promoted" else 0.0)
            hits.append((score, r))
        hits.sort(key=lambda x: -x[0])
        out = []
        for s, r in hits[:20]:
            ev, matching = _episode_events(conn, r["episode_id"], terms)
            if not matching and g.target_kind != "episode":
                continue
            # the hit points at the episode's events that share the question's words (the rest
            # are its context, in the payload): an episode is a boundary, not turn evidence
            out.append(LayerHit("l2", "episode", r["episode_id"],
                                f"episode {_day(r['started_at'])}–{_day(r['ended_at'])} ({r['status']}, "
                                f"{r['event_count']} events): {r['title']}", s, (matching or ev)[:L2_EPISODE_MAX_EVENT_IDS],
                                r["started_at"], {"status": r["status"], "started_at": r["started_at"],
                                                  "ended_at": r["ended_at"], "all_event_ids": ev}))
        trace["subdomains"]["episode"] = {"hits": len(out)}
        return out


@dataclass(frozen=True, slots=True)
class _Evidence:
    event_id: str
    occurred_at: float
    seq: int
    text: str


def _ended_state_hits(conn: apsw.Connection, models: Sequence[Any], live_traits: set[str], now: float) -> list[LayerHit]:
    """A state asked about now that the user ended and nothing replaced ("Have I still got a
    dog?" after "Had to have Barney put down"): the newest ended belief of each asked trait with
    no live one, told with the statement that ended it — the answer is that it ended, not
    silence (silence let any line with the family's word answer first)."""
    newest: dict[str, Any] = {}
    for a in models:
        if a.trait in live_traits or not a.polarity or a.status not in ENDED_BY_STATEMENT_STATES or a.valid_to is None \
                or a.valid_to > now:
            continue
        if a.trait not in newest or a.valid_to > newest[a.trait].valid_to:
            newest[a.trait] = a
    hits = []
    for a in newest.values():
        end = conn.execute(
            "SELECT f.event_id, f.content, f.occurred_at FROM l2_conflicts k JOIN fact_events f ON f.event_id = k.new_id "
            "WHERE k.old_kind = 'assertion' AND k.old_id = ? AND k.new_kind = 'event' AND f.occurred_at <= ? "
            "ORDER BY f.occurred_at DESC LIMIT 1", (a.assertion_id, now)).fetchone()
        if end is None:
            continue  # ended by the clock (a short-term trait's TTL) or by a newer value: no end told
        event_id, content, told_at = end
        quote = value_clause(content, a.value) or content
        text = (f"{a.trait}: no longer {a.value} (ended {_day(told_at)}; held since {_day(a.valid_from)}) — evidence: "
                f"\"{quote[:160]}\"")
        ev = [event_id, *[e for e in reversed(a.evidence_event_ids) if e != event_id]]
        hits.append(LayerHit("l2", "assertion", a.assertion_id, text, a.confidence + ENDED_STATE_BONUS, ev[:L2_HIT_MAX_EVENT_IDS],
                             told_at, {**_assertion_payload(a, ev, False), "ended_by": event_id}))
    return hits


def _assertion_payload(a: Any, event_ids: list[str], current: bool) -> dict[str, Any]:
    """An assertion hit's payload: what the evidence assessor, the profile and the trace read."""
    return {"all_event_ids": event_ids, "trait": a.trait, "value": a.value, "status": a.status, "term": a.term,
            "polarity": a.polarity, "current": current, "valid_from": a.valid_from, "valid_to": a.valid_to,
            "expires_at": a.expires_at, "superseded_by": a.superseded_by, "confidence": a.confidence}


def _ranked_evidence(conn: apsw.Connection, kind: str, owner_ids: Sequence[str],
                     until: float | None = None) -> dict[str, list[_Evidence]]:
    """Evidence per owner told by ``until`` (the question's now), the strongest first
    (explicit, confident, recent)."""
    out: dict[str, list[_Evidence]] = {o: [] for o in owner_ids}
    for i in range(0, len(owner_ids), 400):
        part = list(owner_ids[i:i + 400])
        for owner, eid, at, seq, text in conn.execute(
                f"SELECT owner_id, event_id, occurred_at, event_seq, evidence_text FROM l2_evidence WHERE owner_kind = ? "
                f"AND owner_id IN ({placeholders(len(part))}) AND (? IS NULL OR occurred_at <= ?) "
                f"ORDER BY owner_id, directness = 'explicit' DESC, confidence DESC, occurred_at DESC",
                [kind, *part, until, until]):
            out[owner].append(_Evidence(eid, at, seq, text))
    return out


def _episode_events(conn: apsw.Connection, episode_id: str, terms: set[str]) -> tuple[list[str], list[str]]:
    """(all events by overlap with the question's terms, the ones sharing at least two terms)."""
    rows = conn.execute("SELECT event_id, evidence_text FROM l2_evidence WHERE owner_kind = 'episode' AND owner_id = ? "
                        "ORDER BY occurred_at", (episode_id,)).fetchall()

    def overlap(text: str) -> int:
        low = text.lower()
        return sum(1 for t in terms if t in low)
    scored = sorted(((overlap(t), eid) for eid, t in rows), key=lambda x: -x[0])
    return [eid for _o, eid in scored], [eid for o, eid in scored if o >= L2_EPISODE_MIN_TERM_OVERLAP]


class GraphSpreadingPath:
    """L1 event path: seed events → their entities → spreading activation over the graph →
    events of the entities *reached* (hop ≥ 1), plus the events of entities the question names
    (the intent parser's entity mentions and the anchor — not any catalog word in the question).

    The seeds' own entities are not scored at hop 0: their events are what L1's entity
    expansion already returns, and re-ranking them here only adds the same votes twice (on the
    LongMemEval sample that pushed gold sessions from rank 1 to 2)."""

    name = "graph"

    def __init__(self, service: Any) -> None:
        self.svc = service

    def search(self, plan: Any, seed_seqs: Sequence[int]) -> list[tuple[int, float]]:
        conn = self.svc.db.reader()
        uid = self.svc.user_id()
        seeds: dict[str, float] = {}
        seq_list = list(seed_seqs)[:50]
        if seq_list:
            for eid, conf in conn.execute(f"SELECT entity_id, max(confidence) FROM l1_event_entities WHERE event_seq IN "
                                          f"({placeholders(len(seq_list))}) GROUP BY entity_id", seq_list):
                seeds[eid] = max(seeds.get(eid, 0.0), float(conf))
        g0 = ground(conn, plan)
        named = set(g0.named_entity_ids + g0.anchor_entity_ids)
        for eid in named:
            seeds[eid] = 1.0
        if not seeds:
            return []
        graph = build_graph(conn, entity_ids=list(seeds), hops=2)
        act = spreading_activation(graph, seeds, skip=[uid])
        act.pop(uid, None)
        reached = {e: a for e, a in act.items() if e not in seeds or e in named}
        ids = sorted(reached, key=lambda e: -reached[e])[:40]
        if not ids:
            return []
        scores: dict[int, float] = {}
        for eid, seq, conf in conn.execute(f"SELECT entity_id, event_seq, confidence FROM l1_event_entities WHERE entity_id IN "
                                           f"({placeholders(len(ids))})", ids):
            s = reached[eid] * float(conf)
            if s > scores.get(seq, 0.0):
                scores[seq] = s
        return sorted(scores.items(), key=lambda kv: -kv[1])[:_FETCH]


#: clause breaks inside an evidence sentence ("and" is not one: "My boyfriend Marcus and I")
_CLAUSE_BREAK = re.compile(r"[,;:，；：。！？!?]|\s(?:but|so|though|although)\s|—|–")
#: a clause that only gives a name (叫豆豆, "named Rosie"): it speaks of what the clause before names
_NAMING = re.compile(r"\s*(?:叫|取名|起名|名字叫|名叫|named\b|called\b|(?:his|her|its) name is\b)", re.IGNORECASE)


def value_clause(evidence: str, value: str) -> str:
    """An evidence sentence from the clause that names the belief's value on ("Not joining
    Google after all, I'm staying at Accenture" → "I'm staying at Accenture" for employer:
    accenture; what follows it says more of the same: "…at Ohio State, majoring in mechanical
    engineering"), or the sentence when no clause names it: the words that state the belief,
    not the plan dropped before it."""
    text = evidence.strip()
    pos = text.lower().find(value.lower()) if value else -1
    if pos < 0:
        return text
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, pos)]
    start = breaks[-1] if breaks else 0
    if breaks and _NAMING.match(text, start):
        # "我养了只虎皮鹦鹉，叫豆豆": a name given is said of the animal the clause before names
        start = breaks[-2] if len(breaks) > 1 else 0
    return text[start:].strip()
