"""``memory_query``: the retrieval service behind ``engine.retrieval``.

One query, in order (every step recorded in the trace):

1. **Plan** — validate the arguments, parse the question (mode, time window / anchor, terms,
   entities, category, predicate family: ``intent.build_plan``), embed it once.
2. **Anchor** — "before the air fryer": find the best fact event about the anchor and turn its
   time into the window's bound. The L1 paths that never read the window (``reads_window``
   False: plain BM25, keyword) start on the pool meanwhile.
3. **L1 paths in parallel** (``asyncio.gather`` over a thread pool, one reader connection per
   thread) together with the registered layer retrievers (L2/L3/L4); then, from the best seeds,
   the expansion paths (entity, registered graph spreading), also in parallel.
4. **Weighted RRF** per mode (``policy.RRF_WEIGHTS``).
5. **Fetch** — hydrate whole events; drop what fails scope, the time window, the caller's
   filters, the anchor event itself and (fact modes) chat artifacts.
6. **Rerank** the top 20 (``rerank.rerank``), assess each finding's evidence strength.
7. **Fuse layers** (``policy.LAYER_WEIGHTS``), dedup, limit, token budget.
8. **Project** into the answer package (``projection``).

``query`` is synchronous (the engine calls it on its thread pool); it starts its own short-lived
event loop to gather the paths, or — if called from a thread that already runs a loop — does
the same on a helper thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Sequence

import numpy as np

from ..db.connection import placeholders, query_all
from ..providers.embedding import embed_queries
from ..l1.embedding_worker import neighbour_in_session
from ..policy import (CONCEPT_PATH_WEIGHTS, CONTEXT_BM25_WEIGHT, DEFAULT_QUERY_LIMIT, EXPANSION_SEEDS, EXPANSION_WEIGHT_SCALE,
                      CONTINUATION_GAP_S, CORRECTION_WINDOW_DAYS, DECLINED_AFTER_LOSS_DAYS, HELD_PAST_END_FAMILIES, MULTI_VALUED_STATE_FAMILIES, VALUE_NAMES_THING_FAMILIES, FINDING_MAX_CHARS, EVIDENCE_RELEVANCE, LAYER_WEIGHTS, NEWER_STATE_CHAIN_STEPS, NEWER_STATE_CHANGE_MATCHES, NEWER_STATE_FOLLOW_UP_DAYS, NEWER_STATE_NEW_THING_TYPES, NEWER_STATE_SCAN, PATH_BM25, REFERS_BACK_NAMED_TYPES,
                      STATE_LINE_LIFT_MARGIN, STATE_LINE_LIFT_MIN_PROBABILITY, STATE_LINE_EMBED_CACHE, STATE_LINE_EMBED_CHARS, STATE_LINE_EMBED_MAX, STATE_LINE_MIN_PROBABILITY,
                      STATE_LINE_NO_STATE, STATE_LINE_SCAN, QUESTION_FAMILY_MIN_PROBABILITY, PATH_CONCEPT,
                      PATH_CONTEXT_BM25, PATH_FETCH_K,
                      PATH_VECTOR, PROMPT_KEEP, RELEVANCE_FLOOR, REPLY_LIFT, REPLY_LIFT_HEAD, RERANK_TOP_N,
                      RRF_WEIGHTS, SESSION_PRIOR_HEAD, SESSION_PRIOR_TOP_M, SESSION_PRIOR_WEIGHT, TOKEN_BUDGET,
                      VECTOR_WEIGHT_SCALE, SEMANTIC_EVIDENCE_COSINE, QueryMode,
                      AuthorType, RetrievalScope)
from ..lexicon.names import KIND_WORDS, PET_SPECIES
from ..governance.cues import split_sentences
from ..text.segment import fts_or_query, fts_phrase, has_cjk, query_terms
from . import trace as tr
from .anchor_line import tells_after, tells_before
from .evidence import (DIRECT, INDIRECT, WEAK, about_anchor, anchor_names, assess, assess_layer_hit, find_target, is_named, is_targeted,
                       layer_hit_about_anchor)
from .continuation import Line, continuation
from .carried_out import plan_carried_out
from .corrections import corrected_by
from .held_past_end import NamedLine, ended_name, held_from_lines, taken_before_end, takes_new
from .dialogue import ends_with_question, lift_replies
from ..l2.phrases import later_about, later_change, later_correction, later_end, later_plan, later_taken, later_family_change, later_family_line, later_reason
from .newer_state import (LaterMention, asks_last, compares_with_before, declines_another, focus_sentences, misses, newer_mentions, reminisces, shared_family,
                          shared_topic, stated_part,
                          tentative, told_first)
from .state_statement import (CHANGE_CUES, CHANGE_OF_ANYTHING, asks_about_own_tie, names_the_change, opens_with_pronoun, change_at, change_in, change_terms, change_words, family_word_at, names_family, near_word, only_refers_back, kin_not_partner, lowers_state_answer, nearly_changed, not_gotten, PET_GONE, pet_kinds, not_begun,
                              not_had, not_own_state, partner_by_role, refers_back, refers_back_at, used_or_seen, WEDDING_HELD,
                              HELD_THING_FAMILIES)
from .session_prior import apply_session_prior
from .fusion import apply_budget, bundles, dedup, timeline
from .intent import build_plan
from .package import FINDING_FACT_KEYS, Finding, MemoryPackage, iso
from .paths import FILTER_COLUMNS, PathContext, PathResult, default_paths, until_of
from .paths.bm25 import fts_top
from .paths.entity import state_answer_types
from .paths.keyword import coverage, keyword_terms
from .paths.terms import informative_terms, search_terms
from .plan import Anchor, EventPath, LayerHit, LayerResult, LayerRetriever, QueryPlan, TimeWindow
from .named_family import HeadLine, family_of_named_thing
from .predicates import FAMILY_BY_NAME, asks_about_body, match_family, question_family
from .projection import answering_hints, asset_refs, entity_refs, status_of, summary_of
from .registry import Registry
from .rerank import RerankCandidate, rerank
from .rrf import weighted_rrf
from .score_fusion import relative_score_fusion
from .scope import chat_artifact_reason
from .subject import asks_about_household, asks_about_user, named_speaker
from .subject import other_subject as about_someone_else
from ..l1.embedding_worker import previous_contents
from .state_lines import StateLineModel, for_embedder as state_line_model
from .vector_search import VectorIndex

log = logging.getLogger(__name__)

MAX_QUERY_CHARS = 4000
MAX_LIMIT = 200
#: filters only a layer understands (L3: summary_type is a hard filter, summary_category a soft
#: boost); L1 paths ignore them, the plan carries them to the layer retrievers
LAYER_FILTERS = ("summary_type", "summary_category")
#: threads for parallel paths: one per L1 path plus layer retrievers
RETRIEVAL_THREADS = 8


class QueryInputError(ValueError):
    """A bad ``memory_query`` argument; ``field`` names it (the tool schema's property)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _parse_time(value: Any, field: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise QueryInputError(field, "expected unix seconds or ISO-8601 text, got bool")
    if isinstance(value, (int, float)):
        ts = float(value)
    elif isinstance(value, datetime):
        ts = (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).timestamp()
    elif isinstance(value, str):
        text = value.strip()
        try:
            ts = float(text)
        except ValueError:
            try:
                dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                raise QueryInputError(field, f"not unix seconds or ISO-8601: {text[:40]!r}") from None
            ts = (dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)).timestamp()
    else:
        raise QueryInputError(field, f"expected unix seconds or ISO-8601 text, got {type(value).__name__}")
    if not math.isfinite(ts):
        raise QueryInputError(field, "not a finite time")
    return ts


def _window_json(w: TimeWindow | None) -> dict[str, Any] | None:
    if w is None:
        return None
    return {"start": w.start, "end": w.end, "start_iso": iso(w.start), "end_iso": iso(w.end),
            "source": w.source}


def intersect(a: TimeWindow | None, b: TimeWindow | None) -> TimeWindow | None:
    if a is None:
        return b
    if b is None:
        return a
    starts = [x for x in (a.start, b.start) if x is not None]
    ends = [x for x in (a.end, b.end) if x is not None]
    if a.hard != b.hard:  # a soft window yields to a hard one
        return a if a.hard else b
    return TimeWindow(max(starts) if starts else None, min(ends) if ends else None,
                      source=" & ".join(s for s in (a.source, b.source) if s), hard=a.hard)


class RetrievalService:
    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.db = engine.db
        self.registry = Registry()
        self.paths = default_paths()
        self._executor = ThreadPoolExecutor(max_workers=RETRIEVAL_THREADS,
                                            thread_name_prefix="magi-retrieval")
        self._vector_indexes: dict[int, VectorIndex] = {}
        self._vi_lock = threading.Lock()
        #: state-line model input: text -> its vector alone, for chat lines stored after a neighbour
        self._alone_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._alone_lock = threading.Lock()
        self.last_trace: tr.QueryTrace | None = None
        engine.add_deletion(VectorCacheDeletion(self))
        engine.add_worker(VectorCacheWorker(self))

    # -- registration (contract in plan.py) ----------------------------------------------------

    def register_layer(self, retriever: LayerRetriever) -> None:
        self.registry.register_layer(retriever)

    def register_event_path(self, path: EventPath) -> None:
        self.registry.register_event_path(path)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def path_weights(self, mode: QueryMode) -> dict[str, float]:
        """The mode's fusion weights: the vector weight scaled for the active embedder, and the
        second-round (expansion) paths scaled by ``EXPANSION_WEIGHT_SCALE`` — their best candidate
        is "shares an entity with something found", not "matches the question"."""
        weights = dict(RRF_WEIGHTS[mode])
        if mode in CONCEPT_PATH_WEIGHTS:
            weights[PATH_CONCEPT] = CONCEPT_PATH_WEIGHTS[mode]
        if PATH_BM25 in weights:
            weights[PATH_CONTEXT_BM25] = round(weights[PATH_BM25] * CONTEXT_BM25_WEIGHT, 6)
        scale = self._for_embedder(VECTOR_WEIGHT_SCALE, 1.0)
        if PATH_VECTOR in weights:
            weights[PATH_VECTOR] = round(weights[PATH_VECTOR] * scale, 6)
        expansion = {p.name for p in self.paths if p.needs_seeds} | set(self.registry.event_paths)
        for name in expansion:
            if name in weights:
                weights[name] = round(weights[name] * EXPANSION_WEIGHT_SCALE, 6)
        return weights

    def _for_embedder(self, table: Mapping[str, Any], default: Any) -> Any:
        """The active embedder's entry of a policy table keyed by model-id prefix."""
        model_id = getattr(getattr(self.engine.providers, "embedder", None), "model_id", "") or ""
        return next((v for k, v in table.items() if model_id.startswith(k)), default)

    def _semantic_best(self, vector: PathResult | None) -> tuple[int, float] | None:
        """The vector path's best hit ``(seq, similarity)`` when it reaches the active embedder's
        ``SEMANTIC_EVIDENCE_COSINE`` (None for embedders without one, e.g. hashing). The
        similarity is the cosine, centred per language in a bilingual store (``language_bias``)."""
        threshold = self._for_embedder(SEMANTIC_EVIDENCE_COSINE, None)
        if threshold is None or vector is None or not vector.hits:
            return None
        seq, cosine = vector.hits[0]
        return (int(seq), float(cosine)) if cosine >= threshold else None

    # -- vector index ---------------------------------------------------------------------------

    def vector_index(self) -> VectorIndex | None:
        space_id = getattr(self.engine.l1, "space_id", None)
        if space_id is None:
            return None
        with self._vi_lock:
            vi = self._vector_indexes.get(space_id)
            if vi is None:
                vi = VectorIndex(self.db, space_id, self.engine.providers.embedder.dim)
                self._vector_indexes[space_id] = vi
            return vi

    # -- the query -----------------------------------------------------------------------------

    def plan(self, query: str, query_mode: str | QueryMode | None = None, *,
             time_range: Any = None, filters: Mapping[str, Any] | None = None,
             limit: int = DEFAULT_QUERY_LIMIT, now: Any = None,
             exclude_event_ids: Sequence[str] = ()) -> QueryPlan:
        """Validate the arguments and parse the question (no retrieval yet)."""
        if not isinstance(query, str) or not query.strip():
            raise QueryInputError("query", "must be a non-empty string")
        if len(query) > MAX_QUERY_CHARS:
            raise QueryInputError("query", f"longer than {MAX_QUERY_CHARS} characters")
        mode: QueryMode | None
        if query_mode is None or query_mode == "":
            mode = None
        else:
            try:
                mode = QueryMode(query_mode)
            except ValueError:
                raise QueryInputError("query_mode", f"unknown mode {query_mode!r}; expected one of "
                                      + ", ".join(m.value for m in QueryMode)) from None
        if isinstance(limit, bool) or not isinstance(limit, int) or not (1 <= limit <= MAX_LIMIT):
            raise QueryInputError("limit", f"must be an integer 1..{MAX_LIMIT}, got {limit!r}")
        now_ts = _parse_time(now, "now")
        if now_ts is None:
            now_ts = self.engine.clock.now()
        window: TimeWindow | None = None
        if time_range is not None:
            if isinstance(time_range, Mapping):
                start, end = time_range.get("start"), time_range.get("end")
            elif isinstance(time_range, (list, tuple)) and len(time_range) == 2:
                start, end = time_range
            else:
                raise QueryInputError("time_range", "expected (start, end) or {start, end}")
            s, e = _parse_time(start, "time_range.start"), _parse_time(end, "time_range.end")
            if s is not None and e is not None and s >= e:
                raise QueryInputError("time_range", "start must be before end")
            window = TimeWindow(s, e, source="caller")
        clean_filters: dict[str, Any] = {}
        for key, value in (filters or {}).items():
            if key not in FILTER_COLUMNS and key not in LAYER_FILTERS:
                raise QueryInputError(f"filters.{key}", "unknown filter; expected one of "
                                      + ", ".join((*FILTER_COLUMNS, *LAYER_FILTERS)))
            if value is not None and not isinstance(value, (str, list, tuple)):
                raise QueryInputError(f"filters.{key}", f"expected text or a list, got {type(value).__name__}")
            clean_filters[key] = value
        if isinstance(exclude_event_ids, str) or not all(
                isinstance(e, str) for e in exclude_event_ids or ()):
            raise QueryInputError("exclude_event_ids", "expected a list of event ids")
        plan = build_plan(query.strip(), mode=mode, now=now_ts, time_range=window,
                          filters=clean_filters, limit=limit)
        plan.exclude_event_ids = frozenset(exclude_event_ids or ())
        plan.as_of = now_ts if now is not None else None
        if plan.mode is QueryMode.CURRENT_STATE and plan.predicate_family in (None, "residence", "preference", "health", "pet"):
            plan.named_pet = self._pet_named(plan.query)
            if plan.named_pet is not None:  # "is rocky still living with me?" asks about Rocky the pet, not a home
                plan.predicate_family = "pet"
        return plan

    @staticmethod
    def _asks_own_state(plan: QueryPlan) -> bool:
        """A current_state question about the user's own state: asked of the user ("where do I
        live?"), or naming nobody at all about a state family ("what pets are in the house
        now?": the household's, the user's)."""
        return asks_about_user(plan.query) or (plan.predicate_family in CHANGE_CUES and asks_about_household(plan.query))

    @staticmethod
    def _family_of_named(plan: QueryPlan, trace: tr.QueryTrace, head: list[tuple[Candidate, float]]) -> None:
        """A current_state question about the user naming no family, only the thing ("am I still
        at Safaricom?"): the family the best-matching own lines speak of (``named_family``)."""
        if plan.mode is not QueryMode.CURRENT_STATE or plan.predicate_family is not None or not asks_about_user(plan.query):
            return
        found = family_of_named_thing(plan.target_terms, [HeadLine(ev.content, ev.author_type, ev.speaker)
                                                          for ev, _ in head])
        if found is None:
            return
        plan.predicate_family = found.family
        trace.plan["predicate_family"] = found.family
        trace.plan["predicate_family_from"] = {"event_id": head[found.line][0].event_id, "named": found.named}

    def _pet_named(self, question: str) -> str | None:
        """An animal memory knows as the user's pet (a pet belief, ever), named in the question
        by itself ("is rocky still living with me?", 芝麻还好吗)."""
        try:
            names = [r[0] for r in self.db.reader().execute(
                "SELECT DISTINCT value FROM tom_trait_assertions WHERE trait = 'pet' LIMIT 200")]
        except Exception as exc:  # noqa: BLE001 - an L1-only store has no beliefs
            log.debug("pet names unavailable: %s", exc)
            return None
        lowered = question.lower()
        for name in names:
            n = str(name).strip().lower()
            if len(n) >= 2 and (re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", lowered) if n.isascii() else n in lowered):
                return n
        return None

    def query(self, query: str, query_mode: str | QueryMode | None = None, *, time_range: Any = None,
              filters: Mapping[str, Any] | None = None, limit: int = DEFAULT_QUERY_LIMIT,
              now: Any = None, budget_tokens: int | None = TOKEN_BUDGET,
              layers: bool = True, exclude_event_ids: Sequence[str] = ()) -> MemoryPackage:
        """Answer-facing package for ``query`` (see the module docstring for the stages).
        ``exclude_event_ids``: the stored question being answered (never its own evidence)."""
        t_start = time.perf_counter()
        plan = self.plan(query, query_mode, time_range=time_range, filters=filters, limit=limit,
                         now=now, exclude_event_ids=exclude_event_ids)
        trace = tr.QueryTrace(query=plan.query, mode=plan.mode.value, mode_reason=plan.mode_reason,
                              scopes=sorted(s.value for s in plan.allowed_scopes))
        timings = trace.timings_ms
        t = time.perf_counter()
        plan.query_vector = self._embed(plan.query, trace)
        timings["embed"] = _ms(t)
        family_from_model = self._question_family(plan)
        ctx = PathContext(plan, self.db, tuple(sorted(s.value for s in plan.allowed_scopes)),
                          PATH_FETCH_K, self.vector_index(), until=until_of(self.db, plan.as_of, PATH_FETCH_K))
        t = time.perf_counter()
        ctx.fts_terms, ctx.pruned_terms = informative_terms(self.db, search_terms(plan), ctx.term_df)
        timings["terms"] = _ms(t)
        early: dict[str, Future[PathResult]] = {}
        if plan.anchor is not None:
            # the anchor only sets the window: a path that never reads it need not wait (at 1M
            # events the anchor's BM25 ranks 60-140k matches, 40-90 ms, before any path started)
            early = {p.name: self._executor.submit(self._run_path, p, ctx, ())
                     for p in self.paths if not p.needs_seeds and not getattr(p, "reads_window", True)}
            t = time.perf_counter()
            self._resolve_anchor(plan, ctx)
            timings["anchor"] = _ms(t)
        trace.anchor = _anchor_json(plan.anchor)
        trace.budget["window_empty"] = self._soften_empty_window(plan)
        trace.time_window = _window_json(plan.time_window)
        trace.plan = plan.to_json()
        if family_from_model is not None:
            trace.plan["predicate_family_from"] = family_from_model
        results, layer_results = self._run_parallel(lambda: self._search(ctx, trace, layers, early))
        timings.update(results.pop("_timings", {}))  # type: ignore[arg-type]
        package = self._assemble(plan, trace, results, layer_results, budget_tokens)
        timings["total"] = _ms(t_start)
        self.last_trace = trace
        return package

    def explain_missing(self, trace_or_query: tr.QueryTrace | str, event_id: str,
                        **query_kwargs: Any) -> dict[str, Any]:
        """Why ``event_id`` is not among the findings: the stage that dropped it."""
        if isinstance(trace_or_query, str):
            trace = self.query(trace_or_query, query_kwargs.pop("query_mode", None), **query_kwargs).trace
        else:
            trace = trace_or_query
        row = self.db.read_one("SELECT seq, event_id, occurred_at, author_type, l1_retrieval_scope, "
                               "evidence_class, content FROM fact_events WHERE event_id = ?", (event_id,))
        probe = None
        if row is not None and event_id not in trace.final and not trace.path_ranks(event_id):
            probe = self._probe_paths(trace, row)
        return tr.explain_missing(trace, event_id, event=row, path_probe=probe)

    # -- stages --------------------------------------------------------------------------------

    def _embed(self, text: str, trace: tr.QueryTrace) -> np.ndarray | None:
        embedder = getattr(self.engine.providers, "embedder", None)
        if embedder is None:
            return None
        try:
            vec = np.asarray(embed_queries(embedder, [text]), np.float32)[0]
        except Exception as exc:  # noqa: BLE001 - no embedding: the vector path is skipped
            trace.errors.append(f"embed: {type(exc).__name__}: {exc}")
            return None
        if not np.isfinite(vec).all():
            trace.errors.append("embed: the embedder returned non-finite values (NaN/inf)")
            return None
        if not np.any(vec):
            return None
        return vec

    def _resolve_anchor(self, plan: QueryPlan, ctx: PathContext) -> None:
        """The anchor's time = the best fact event about the anchor text (see anchor rules)."""
        anchor = plan.anchor
        assert anchor is not None
        terms = query_terms(anchor.text)
        # every name of the anchor's thing: "买空气炸锅" must also find "I just bought an air fryer"
        # (the same purchase told in English an hour earlier is the reference point)
        names = anchor_names(anchor.text)
        expr = " OR ".join(e for e in (fts_or_query(terms), *(fts_phrase(n) for n in names)) if e)
        if not expr:
            anchor.how = "no searchable anchor terms"
            return
        fact = (RetrievalScope.FACT_AUTHORITATIVE.value,)
        actx = PathContext(plan, self.db, fact, 20, until=until_of(self.db, plan.as_of, 20))
        best = fts_top(actx, expr, 20)
        found = {c.seq: c for c in self._hydrate([s for s, _ in best]).values()}
        rows = [(seq, found[seq].event_id, found[seq].occurred_at, found[seq].content, -score)
                for seq, score in best if seq in found]
        if not rows:
            anchor.how = f"no fact event matches {expr!r}"
            return
        family = question_family(anchor.text) or FAMILY_BY_NAME.get(plan.predicate_family or "")
        kterms = keyword_terms(QueryPlan(anchor.text, plan.mode, plan.now, terms=terms))
        scored = []
        for rank, (seq, eid, occ, content, _s) in enumerate(rows):
            full = (any(is_named(content, n) for n in names) if names
                    else coverage(content, kterms) >= 0.999)
            cue = family is not None and match_family(content, family).level == "explicit"
            scored.append(((not full, not cue, occ if full else rank), seq, eid, occ, full, cue, content))
        scored.sort(key=lambda s: s[0])
        _key, seq, eid, occ, full, cue, content = scored[0]
        anchor.resolved_at, anchor.event_id = float(occ), eid
        anchor.how = (f"best of {len(rows)} fact events matching {expr!r}: "
                      f"{'all anchor terms' if full else 'partial match'}"
                      f"{', states ' + family.name if cue and family else ''}; earliest such")
        if anchor.direction == "before" and tells_before(content, anchor.text, plan.predicate_family):
            anchor.answers = True
            anchor.how += "; it tells the change from what the question asks for, so it answers too"
        elif anchor.direction == "after" and tells_after(content, anchor.text, plan.predicate_family):
            anchor.answers = True  # (the window starts at the anchor's instant: it is inside)
            anchor.how += "; it tells what came after, so it answers too"
        # (the window ends just after the anchor's instant when the anchor line answers too: the
        # paths apply the window in their own search)
        end = math.nextafter(float(occ), math.inf) if anchor.answers else float(occ)
        bound = (TimeWindow(None, end, source=f"{anchor.direction} {anchor.text}")
                 if anchor.direction == "before"
                 else TimeWindow(float(occ), None, source=f"{anchor.direction} {anchor.text}"))
        plan.time_window = intersect(plan.time_window, bound)

    def _run_path(self, path: Any, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        reason = path.skip_reason(ctx.plan)
        if reason:
            return PathResult(path.name, skipped=reason)
        t0 = time.perf_counter()
        try:
            res = path.search(ctx, seeds)
        except Exception as exc:  # noqa: BLE001 - one failing path must not sink the query
            log.exception("retrieval path %s failed", path.name)
            return PathResult(path.name, error=f"{type(exc).__name__}: {exc}", elapsed_ms=_ms(t0))
        res.elapsed_ms = res.elapsed_ms or _ms(t0)
        return res

    async def _search(self, ctx: PathContext, trace: tr.QueryTrace, use_layers: bool,
                      early: Mapping[str, Future[PathResult]] | None = None
                      ) -> tuple[dict[str, PathResult], dict[str, tuple[LayerResult | None, str | None, float]]]:
        """Both rounds of paths (and the layer retrievers); ``early``: first-round paths already
        started while the anchor was resolved."""
        loop = asyncio.get_running_loop()
        plan = ctx.plan
        results: dict[str, Any] = {}
        timings: dict[str, float] = {}
        t = time.perf_counter()
        first = [p for p in self.paths if not p.needs_seeds]
        second = [p for p in self.paths if p.needs_seeds]
        layer_items = list(self.registry.layers.items()) if use_layers else []

        def run_layer(name: str, retriever: LayerRetriever) -> tuple[LayerResult | None, str | None, float]:
            t0 = time.perf_counter()
            try:
                res = retriever.search(plan)
                if not isinstance(res, LayerResult):
                    raise TypeError(f"search() returned {type(res).__name__}, expected LayerResult")
                return res, None, _ms(t0)
            except Exception as exc:  # noqa: BLE001 - a derived layer never breaks L1 retrieval
                log.exception("layer retriever %s failed", name)
                return None, f"{type(exc).__name__}: {exc}", _ms(t0)

        early = early or {}
        futs = [asyncio.wrap_future(early[p.name]) if p.name in early
                else loop.run_in_executor(self._executor, self._run_path, p, ctx, ()) for p in first]
        lfuts = [loop.run_in_executor(self._executor, run_layer, n, r) for n, r in layer_items]
        done = await asyncio.gather(*futs, *lfuts)
        for p, res in zip(first, done[: len(first)]):
            results[p.name] = res
        layer_results = {n: r for (n, _), r in zip(layer_items, done[len(first):])}
        timings["paths_round1"] = _ms(t)
        # seeds for expansion: a preliminary fusion of the first round
        t = time.perf_counter()
        prelim = relative_score_fusion({n: r.hits for n, r in results.items()}, self.path_weights(plan.mode),
                                       {n: r.ceiling for n, r in results.items()})
        seeds = [f.key for f in prelim[:EXPANSION_SEEDS]]
        extra_paths = list(self.registry.event_paths.values())

        def run_event_path(path: EventPath) -> PathResult:
            t0 = time.perf_counter()
            try:
                hits = path.search(plan, seeds)
                return PathResult(path.name, [(int(s), float(v)) for s, v in hits][: ctx.fetch_k],
                                  _ms(t0), info={"registered": True})
            except Exception as exc:  # noqa: BLE001
                log.exception("event path %s failed", path.name)
                return PathResult(path.name, error=f"{type(exc).__name__}: {exc}", elapsed_ms=_ms(t0))

        futs2 = [loop.run_in_executor(self._executor, self._run_path, p, ctx, seeds) for p in second]
        futs2 += [loop.run_in_executor(self._executor, run_event_path, p) for p in extra_paths]
        done2 = await asyncio.gather(*futs2)
        for res in done2:
            results[res.name] = res
        timings["paths_round2"] = _ms(t)
        results["_timings"] = timings
        return results, layer_results

    def _assemble(self, plan: QueryPlan, trace: tr.QueryTrace, results: dict[str, PathResult],
                  layer_results: dict[str, tuple[LayerResult | None, str | None, float]],
                  budget_tokens: int | None) -> MemoryPackage:
        timings = trace.timings_ms
        t = time.perf_counter()
        weights = self.path_weights(plan.mode)
        all_seqs: list[int] = []
        for res in results.values():
            all_seqs.extend(s for s, _ in res.hits)
        events = self._hydrate(list(dict.fromkeys(all_seqs)))
        for name, res in results.items():
            trace.paths[name] = tr.PathTrace(
                name, float(weights.get(name, 0.0)), round(res.elapsed_ms, 3), res.skipped, res.error,
                [{"seq": s, "event_id": events[s].event_id if s in events else None, "rank": i + 1,
                  "score": round(sc, 6)} for i, (s, sc) in enumerate(res.hits)], res.info)
        fused = relative_score_fusion({n: r.hits for n, r in results.items()}, weights,
                                      {n: r.ceiling for n, r in results.items()})
        fused = self._lift_replies(fused, events, trace)
        fused = self._session_prior(fused, events, trace)
        trace.fused = [{"seq": f.key, "event_id": events[f.key].event_id if f.key in events else None,
                        "rank": i + 1, "fused": round(f.score, 6),
                        "contributions": {p: {"rank": c[0], "weight": c[1], "rrf": round(c[2], 6)}
                                          for p, c in f.contributions.items()}}
                       for i, f in enumerate(fused)]
        timings["fuse"] = _ms(t)
        # -- fetch filters ----------------------------------------------------------------------
        t = time.perf_counter()
        allowed = {s.value for s in plan.allowed_scopes}
        window = plan.time_window if plan.time_window is not None and plan.time_window.hard else None
        anchor_id = plan.anchor.event_id if plan.anchor else None

        def fetch(window: TimeWindow | None) -> tuple[list[tuple[Candidate, float]], dict[str, dict], int]:
            kept: list[tuple[Candidate, float]] = []
            dropped: dict[str, dict] = {}
            n_window = 0
            for f in fused:
                ev = events.get(f.key)
                if ev is None:
                    dropped[f"seq:{f.key}"] = {"stage": tr.DROP_MISSING, "detail": "deleted during the query"}
                    continue
                reason = self._fetch_filter(plan, ev, allowed, window, anchor_id)
                if reason is not None:
                    stage, detail = reason
                    dropped[ev.event_id] = {"stage": stage, "detail": detail}
                    n_window += stage == tr.DROP_WINDOW
                    continue
                kept.append((ev, f.score))
            return kept, dropped, n_window

        kept, dropped, window_dropped = fetch(window)
        relaxed = False
        if (window_dropped and window is not None and plan.anchor is None and window.source != "caller"
                and (not kept or (is_targeted(plan) and not any(
                    find_target(plan, ev.content) for ev, _ in kept[:max(RERANK_TOP_N, plan.limit + 10)])))):
            # Nothing inside a window parsed from the question names what it asks about: the time
            # words probably describe *when it happened* ("the shelter event in February", "the
            # camping trip last year"), not when it was recorded. Keep the candidates, say so in
            # the hints (the window stays soft: the temporal path still favours in-window events).
            kept, dropped, _ = fetch(None)
            relaxed = True
            plan.time_window = TimeWindow(window.start, window.end, window.source, hard=False)
        trace.dropped.update(dropped)
        # an empty question window was made soft before the paths ran; a caller's or an
        # anchor's stays hard (the hints then say only that the period is empty)
        relaxed = relaxed or bool(trace.budget.get("window_empty") and plan.time_window is not None
                                  and not plan.time_window.hard)
        trace.budget["window_relaxed"] = relaxed
        timings["fetch"] = _ms(t)
        # -- rerank -----------------------------------------------------------------------------
        t = time.perf_counter()
        window_n = max(RERANK_TOP_N, plan.limit + 10)
        head, beyond = kept[:window_n], kept[window_n:]
        for ev, _ in beyond:
            trace.cuts[ev.event_id] = {"stage": tr.CUT_RRF, "detail": (
                f"fused rank beyond the candidate window ({window_n}) after filtering")}
        self._family_of_named(plan, trace, head)
        semantic = self._semantic_best(results.get("vector"))
        semantic_id = next((ev.event_id for ev, _ in head if semantic and ev.seq == semantic[0]), None)
        speaker = named_speaker(plan.query, {ev.speaker for ev, _ in head if ev.speaker})
        typed = self._names_answer(plan, [ev.seq for ev, _ in head])
        state_p = self._state_lines(plan, trace, [ev.seq for ev, _ in head if ev.author_type == "user" and not ev.speaker])
        reranked = rerank([RerankCandidate(ev.event_id, s, ev.author_type, ev.content, ev.occurred_at, ev.speaker,
                                           names_answer=ev.seq in typed, state_p=state_p.get(ev.seq))
                           for ev, s in head], quoted=plan.quoted_phrases, now=plan.now,
                          about_user=asks_about_user(plan.query), semantic_best=semantic_id,
                          about_speaker=speaker,
                          state_question=plan.mode is QueryMode.CURRENT_STATE and self._asks_own_state(plan),
                          state_family=plan.predicate_family,
                          as_of=plan.as_of if plan.as_of is not None else plan.now)
        by_id = {ev.event_id: ev for ev, _ in head}
        for i, r in enumerate(reranked):
            if r.reranked:
                trace.rerank.append({"event_id": r.key, "rank_before": r.rank_before, "rank_after": i + 1,
                                     "base": round(r.base, 6), "deltas": r.deltas, "score": round(r.score, 6)})
        findings: list[Finding] = []
        best_fused = max((s for _, s in head), default=0.0)
        for i, r in enumerate(reranked):
            ev = by_id[str(r.key)]
            text, truncated = _clip(ev.content)
            # evidence strength is assessed once the final findings are known (it never reorders L1)
            findings.append(Finding(
                rank=i + 1, event_id=ev.event_id, content=text, occurred_at=ev.occurred_at,
                author_type=ev.author_type, evidence_strength="", score=round(r.score, 6),
                event_ids=[ev.event_id], source=ev.source, session_id=ev.session_id,
                evidence_class=ev.evidence_class, evidence={}, truncated=truncated,
                relevance=round(r.fused / best_fused, 4) if best_fused > 0 else None, speaker=ev.speaker))
        timings["rerank"] = _ms(t)
        # -- anchor entity: "before the air fryer" is never answered by the air fryer ------------
        findings = self._drop_about_anchor(plan, trace, findings, by_id)
        # -- layers, dedup, relevance floor, limit, budget ---------------------------------------
        findings = self._fuse_layers(plan, trace, findings, layer_results)
        findings = self._refers_back_top(plan, trace, findings, by_id)
        findings, lifted = self._newer_state(plan, trace, findings, by_id, allowed)
        findings = self._refers_back_top(plan, trace, findings, by_id, pronoun_only=True)
        findings = self._first_against_lines(plan, trace, findings, by_id, lifted)
        findings = self._kind_top_to_line(plan, trace, findings, by_id)
        self._continue_first(plan, trace, findings, by_id, allowed)
        findings, dups = dedup(findings)
        for f, first in dups:
            trace.cuts[f.event_id] = {"stage": tr.CUT_DEDUP,
                                      "detail": f"same content as finding {first.event_id}"}
        for f in findings[plan.limit:]:
            trace.cuts.setdefault(f.event_id, {"stage": tr.CUT_LIMIT, "detail": (
                f"ranked #{findings.index(f) + 1} after reranking; limit is {plan.limit}")})
        findings = findings[: plan.limit]
        for f in findings:  # assessed for the findings within the limit only (cost)
            if not f.evidence_strength:
                ev = by_id[f.event_id]
                a = assess(plan, content=ev.content, author_type=ev.author_type, evidence_class=ev.evidence_class)
                f.evidence_strength, f.evidence = a.strength, a.to_json()
                if a.strength == WEAK and semantic is not None and ev.seq == semantic[0]:
                    f.evidence_strength = INDIRECT
                    f.evidence = {**f.evidence, "strength": INDIRECT, "reason": (
                        f"与问题语义最接近（相似度 {semantic[1]:.2f}），但没有用问题里的词提到它"
                        if has_cjk(plan.query) else
                        f"closest in meaning to the question (similarity {semantic[1]:.2f}); it names "
                        f"nothing of it in the question's words")}
            later = lifted.get(f.event_id) if f.layer == "l1" else None
            if later is not None and f.evidence_strength == WEAK:
                # it names what the top finding is about, not the question's words: the thing
                # the answer is about, said later
                f.evidence_strength = INDIRECT
                f.evidence = {**f.evidence, "strength": INDIRECT, "reason": later}
        ranked = list(findings)
        findings = self._relevance_floor(trace, findings)
        findings, over, used = apply_budget(findings, budget_tokens)
        for f in over:
            trace.cuts[f.event_id] = {"stage": tr.CUT_BUDGET, "detail": (
                f"did not fit the token budget ({budget_tokens} tokens)")}
        for i, f in enumerate(findings):
            f.rank = i + 1
        trace.budget.update(tokens=budget_tokens, used=used)
        trace.final = [f.event_id for f in findings]
        # -- projection -------------------------------------------------------------------------
        status, level, insufficient = status_of(findings)
        anchor_info = _anchor_json(plan.anchor)
        meta = self._metadata([f.event_id for f in findings if f.event_id in by_id])
        return MemoryPackage(
            status=status, query_mode=plan.mode.value, query=plan.query,
            summary=summary_of(plan, findings, status, insufficient), findings=findings,
            entity_refs=entity_refs(plan, findings, self._linked_entities(findings)),
            asset_refs=asset_refs(findings, meta), insufficient_evidence=insufficient,
            evidence_level=level,
            answering_hints=answering_hints(plan, findings, insufficient=insufficient,
                                            anchor_info=anchor_info, window_dropped=window_dropped,
                                            window_relaxed=relaxed,
                                            window_empty=bool(trace.budget.get("window_empty"))),
            timeline=timeline(findings, anchor=self._anchor_entry(plan)), evidence_bundles=bundles(findings),
            anchor=anchor_info,
            time_window=_window_json(plan.time_window), trace=trace, ranked=ranked)

    def _newer_state(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                     by_id: dict[str, "Candidate"], allowed: set[str]) -> tuple[list[Finding], dict[str, str]]:
        """current_state: the user's later statements about what the top finding is about go
        above it (``newer_state``), so an answer about *now* reads the newest word first even
        when L2 did not read the change. Returns the findings and, per lifted event, why."""
        if plan.mode is not QueryMode.CURRENT_STATE or not findings:
            return findings, {}
        top = findings[0]
        ids = list(dict.fromkeys(top.event_ids or [top.event_id]))
        conn = self.db.reader()
        try:
            linked = conn.execute(
                f"SELECT DISTINCT x.entity_id, c.canonical_name, c.entity_type FROM l1_event_entities x JOIN entity_catalog c "
                f"ON c.entity_id = x.entity_id WHERE x.event_id IN ({placeholders(len(ids))})", ids).fetchall()
        except Exception as exc:  # noqa: BLE001 - no L2 schema (L1-only store) or drift: no lift
            log.debug("newer-state links unavailable: %s", exc)
            return findings, {}
        obj = str(top.facts.get("object") or top.facts.get("value") or "").strip().lower()
        # the place the belief's own evidence names beside its value (the town of the job: "a role
        # at Siemens Healthineers in Malvern"): a later line naming it speaks of the same state (a
        # person named beside it — 有个女儿 — may well be in the line that ends the state)
        beside = {r[0] for r in linked if str(r[1]).strip().lower() != obj and r[2] == "place"} \
            if top.layer != "l1" and obj else set()
        if top.layer != "l1" and obj:  # a derived belief is about its object, not every mention
            linked = [r for r in linked if str(r[1]).strip().lower() == obj] or []
        if plan.predicate_family == "relationship":
            linked = [r for r in linked if not kin_not_partner(str(r[1]))]
        names = {r[0]: r[1] for r in linked}
        times = self._event_times(ids)
        top_time = max(times.values(), default=top.occurred_at or 0.0)
        # (seq, key, what it is about / what changed): later mentions of the top finding's
        # entities, and the evidence of the assertions that superseded a belief the top finding
        # rests on ("I've been vegetarian" -> "I'm pescatarian now": another entity, same trait)
        rows: list[tuple[int, str, str]] = []
        zh = has_cjk(plan.query)
        if names:
            rows += [(seq, eid, later_about(names[eid], zh)) for seq, eid in conn.execute(
                f"SELECT x.event_seq, x.entity_id FROM l1_event_entities x JOIN fact_events f ON f.event_id = x.event_id "
                f"WHERE x.entity_id IN ({placeholders(len(names))}) AND f.occurred_at > ? "
                f"ORDER BY f.occurred_at DESC LIMIT ?", [*names, top_time, NEWER_STATE_SCAN])]
        try:
            rows += [(seq, aid, later_change(trait, old, new, zh)) for seq, aid, trait, old, new in conn.execute(
                f"WITH RECURSIVE chain(aid, trait, old) AS ("
                f" SELECT a.superseded_by, a.trait, a.value FROM l2_evidence e JOIN tom_trait_assertions a "
                f" ON a.assertion_id = e.owner_id WHERE e.owner_kind = 'assertion' AND e.event_id IN "
                f" ({placeholders(len(ids))}) AND a.superseded_by IS NOT NULL"
                f" UNION SELECT a.superseded_by, chain.trait, chain.old FROM chain JOIN tom_trait_assertions a "
                f" ON a.assertion_id = chain.aid WHERE a.superseded_by IS NOT NULL) "
                f"SELECT e.event_seq, chain.aid, chain.trait, chain.old, a.value FROM chain "
                f"JOIN tom_trait_assertions a ON a.assertion_id = chain.aid "
                f"JOIN l2_evidence e ON e.owner_kind = 'assertion' AND e.owner_id = chain.aid "
                # a successor scheduled to begin after the question's now (a job starting next
                # month) has changed nothing yet
                f"WHERE e.occurred_at > ? AND (? IS NULL OR a.valid_from IS NULL OR a.valid_from <= ?) "
                f"ORDER BY e.occurred_at DESC LIMIT ?", [*ids, top_time, plan.as_of, plan.as_of, NEWER_STATE_SCAN])]
        except Exception as exc:  # noqa: BLE001 - no assertion tables: entity links only
            log.debug("newer-state supersession unavailable: %s", exc)
        about_user = self._asks_own_state(plan)
        new_types = NEWER_STATE_NEW_THING_TYPES.get(plan.predicate_family or "")
        if new_types and (about_user or asks_about_own_tie(plan.query, plan.predicate_family)):
            # another thing of the family's type, named by a later line (the old one is the
            # entity path's above)
            rows += [(seq, f"new:{eid}", later_about(name, zh)) for seq, eid, name in conn.execute(
                f"SELECT x.event_seq, x.entity_id, c.canonical_name FROM l1_event_entities x "
                f"JOIN entity_catalog c ON c.entity_id = x.entity_id JOIN fact_events f ON f.event_id = x.event_id "
                f"WHERE c.entity_type IN ({placeholders(len(new_types))}) AND f.occurred_at > ? "
                f"AND (? IS NULL OR f.occurred_at <= ?) AND f.author_type = 'user' "
                f"AND x.entity_id NOT IN ({placeholders(len(names))}) ORDER BY f.occurred_at DESC LIMIT ?",
                [*new_types, top_time, plan.as_of, plan.as_of, *names, NEWER_STATE_SCAN])
                # (a kind word is no new thing: "fits 3 car seats across the back")
                if str(name).lower() not in KIND_WORDS]
        try:
            # (a live belief keeps its own value: the end of another value its line also told —
            # "We have two cats, Salt and Pepper" / "Salt passed away" — is no newer word on Pepper)
            sibling_of = (str(top.facts.get("trait") or ""), obj) \
                if top.layer != "l1" and obj and top.facts.get("current", True) is not False else None
            rows += self._ended_rows(conn, ids, top_time, zh, sibling_of=sibling_of)
        except Exception as exc:  # noqa: BLE001 - no conflict table: the rows above only
            log.debug("newer-state ends unavailable: %s", exc)
        if plan.predicate_family in CHANGE_CUES and (about_user or asks_about_body(plan.query, plan.predicate_family)
                                                     or asks_about_own_tie(plan.query, plan.predicate_family)
                                                     or plan.predicate_family == "pet" and plan.named_pet is not None):
            rows += self._family_change_rows(conn, plan.predicate_family, top_time, plan.as_of, zh)
        rows += self._learned_family_rows(plan, top_time, zh)
        # an ended belief's words are those of the statement that ended it (its first event): the
        # older evidence spoke of the value then ("我家芝麻又把我论文踩满了爪印" shares 论文 with any
        # later line about a thesis)
        ended_top = top.layer != "l1" and top.facts.get("current", True) is False
        # the words of what the top line names (an L1 top: "posted to Wesley Girls High School"): a
        # later line sharing one is that thing named again (the entity path's to weigh) or the word
        # in another sense ("the girls here are very serious students"), no newer word on the state
        # (and the words of a belief's own value when it names a thing: "Chambers are right by the
        # High Court" after employer: khan durrani law chambers names the same chambers — not a
        # condition's, a diet's, a pet's or a partner's: "ACL reconstruction done" after health:
        # torn acl is newer; "bought my own horse. Duchess…" after a horse)
        named_words = {t for name in names.values() for t in query_terms(str(name))} if top.layer == "l1" \
            else set(query_terms(obj)) if obj and plan.predicate_family in VALUE_NAMES_THING_FAMILIES else set()
        topical = self._topic_mentions(top, ids[:1] if ended_top else ids, findings, by_id, zh, obj,
                                       query_terms(plan.query), plan.predicate_family, named_words)
        if not rows and not topical:
            return findings, {}
        cands = self._hydrate(list(dict.fromkeys(r[0] for r in rows))) if rows else {}
        first = by_id.get(top.event_id) or next(iter(self._hydrate(
            [r[0] for r in conn.execute("SELECT seq FROM fact_events WHERE event_id = ?", [top.event_id])]).values()), None)
        mentions: list[LaterMention] = []
        for seq, key, what in rows:
            ev = cands.get(seq)
            if ev is None or self._fetch_filter(plan, ev, allowed, plan.time_window if plan.time_window is not None
                                                and plan.time_window.hard else None, None) is not None:
                continue
            mentions.append(LaterMention(ev.event_id, ev.occurred_at, key, what,
                                         ev.author_type, ev.evidence_class, ev.speaker))
        # a shared topic word is the weakest reason: an event also found through an entity, a
        # superseding belief or a change word is shown with that reason (one row per event)
        mentions += topical
        by_seq = {**{c.event_id: c for c in cands.values()}, **by_id}
        # the things of the family's kind each later line and the top name ("first night in the new
        # flat in Leith" refers back by its words and names where): a line naming one the top
        # does not tells the state, whatever its change word
        named = self._named_things([*ids, *(m.event_id for m in mentions)], plan.predicate_family)
        top_named = set().union(*(named.get(i, {}).keys() for i in ids))

        top_text = " ".join(by_seq[i].content for i in ids if i in by_seq).lower()

        def names_new(event_id: str) -> bool:
            """The line names, beside its change word, a thing the top does not ("天津人管油条叫啥"
            in a line on the 新家 names no new home)."""
            content = by_seq[event_id].content if event_id in by_seq else ""
            found = change_at(content, plan.predicate_family)
            new = [name for ent, name in named.get(event_id, {}).items() if ent not in top_named]
            # a Latin place name in a Chinese line is one the rule extractor leaves untyped
            # ("搬完家累瘫，Box Hill 的火锅店是真的多")
            if plan.predicate_family == "residence" and has_cjk(content):
                new += [n for n in _LATIN_NAME.findall(content) if n.lower() not in top_text]
            # (not one pointed at as elsewhere: 搬完了腰要断了，回龙观那边房东押金还没退 names the place left)
            return any(found is None or names_the_change(content, (name,), found) for name in new)
        moment = plan.as_of if plan.as_of is not None else plan.now
        # a top whose own line tells the change into it (a belief's evidence or the line itself:
        # "我从鹅厂离职了 现在在字节跳动", "signed with Shopee lah"): a later line the model reads
        # as on the family, with no word of its own, is as often about that new state
        # (a belief shown as ended — ``current`` False — was told out of, not into: a later "new
        # member of the family" is a newer state, not that value named again)
        line_changed = first is not None and top.facts.get("current", True) and \
            change_at(first.content, plan.predicate_family) is not None
        # … and for a belief, a later "new company / 新公司" only refers back to the value it names
        # (not after an L1 top: its change word may be how the old state began, "在望京租了个一居室"
        # before "到厦门啦～新家推开窗就能看到海")
        top_changed = line_changed and top.layer != "l1"

        # the entities of the lines that share only a topic word, read once (``names_beside``)
        topic_ids = list(dict.fromkeys(m.event_id for m in mentions if m.key.startswith("topic:"))) if beside else []
        topic_links: dict[str, set[str]] = {}
        if topic_ids:
            for eid, ent in conn.execute(f"SELECT event_id, entity_id FROM l1_event_entities "
                                         f"WHERE event_id IN ({placeholders(len(topic_ids))})", topic_ids):
                topic_links.setdefault(eid, set()).add(ent)
        own_names = set(names)
        # a live belief that names the partner: a later line that calls the partner by the role
        # or by name, with no word of a change, speaks of that partner, not of a newer state
        live_belief = top.layer != "l1" and top.facts.get("current", True) is not False
        spouse_top = live_belief and (top.facts.get("trait") == "spouse" or top.facts.get("predicate") == "MARRIED_TO")
        partner_top = live_belief and bool(obj) and (
            plan.predicate_family == "relationship" or top.facts.get("trait") in ("partner", "spouse")
            or top.facts.get("predicate") in ("DATING", "MARRIED_TO"))

        def names_beside(event_id: str) -> bool:
            """Whether a later line names something the top belief's evidence names beside its
            value, and not the value itself (then it is no word on another state)."""
            there = topic_links.get(event_id, set())
            return bool(there & beside) and not there & own_names

        state_p = self._state_lines(plan, None, list(dict.fromkeys(by_seq[m.event_id].seq for m in mentions)))

        # a top finding whose line the model reads as the state (the line itself, or a belief's
        # evidence) yields to a later line lifted for a weak reason only when the model reads
        # that one as the state too ("we had the talk. he's officially my boyfriend" stays above
        # "gift for a boyfriend's mom"; "Sold my Civic…" above "best bike lights for night
        # rides"); otherwise only a line it reads as no state at all stays down
        top_p = None
        if first is not None:
            top_p = state_p.get(first.seq)
            if top_p is None:
                top_p = self._state_lines(plan, None, [first.seq]).get(first.seq)
        weak_floor = STATE_LINE_MIN_PROBABILITY if top_p is not None and top_p >= STATE_LINE_MIN_PROBABILITY \
            else STATE_LINE_NO_STATE

        def belief_row(m: LaterMention) -> bool:
            """Lifted through L2: a belief that superseded or ended the top's (not a line's own words)."""
            return not (m.key.startswith(("change:", "topic:", "line:", "new:")) or m.key in names)

        def top_read_soon(m: LaterMention) -> bool:
            """An L1 top the model reads as the state, told at most ``NEWER_STATE_FOLLOW_UP_DAYS``
            before ``m`` (a line that only refers back to a change made soon after it speaks of
            that line's state, not of a newer one; long after, the change it refers back to may
            have been missed, and the top is the old state)."""
            return top.layer == "l1" and (top_p is not None and top_p >= STATE_LINE_MIN_PROBABILITY or line_changed) \
                and 0 < m.occurred_at - top_time <= NEWER_STATE_FOLLOW_UP_DAYS * 86400.0

        def weak_reason(m: LaterMention) -> bool:
            """Lifted for a shared topic word or an entity named again, not for a word of a change,
            a superseding belief, an end or the model's own reading."""
            return m.key.startswith(("topic:", "new:")) or m.key in names

        own_tie = asks_about_own_tie(plan.query, plan.predicate_family)
        # the later lines L2 read as ending another value of the top belief's trait — when the
        # belief is one of many of its kind: not a pet told by its kind (pet: 蓝猫 is the cat 土豆
        # whose end is told by name), nor a pet of another kind than the question asks ("还养猫吗"
        # over pet: 小狗 — the cat's end answers)
        one_of_many = plan.predicate_family in MULTI_VALUED_STATE_FAMILIES and live_belief and bool(obj) and not (
            plan.predicate_family == "pet" and (pet_kinds(obj) or not pet_kinds(plan.query) <= pet_kinds(top_text)))
        ends_other = self._ends_other_value([m.event_id for m in mentions], str(top.facts.get("trait") or ""), obj) \
            if one_of_many else {}

        def stands(m: LaterMention) -> bool:
            """Whether a later line is a newer word on the user's state (a change row's line was
            judged at its change word already)."""
            ev = by_seq[m.event_id]
            family, change_row = plan.predicate_family, m.key.startswith("change:")
            if m.key.startswith("new:") and (not_had(ev.content) or not_own_state(
                    ev.content, speaker=ev.speaker, author_type=ev.author_type, family=family) is not None):
                return False  # a thing used, not had: "test drove a Model Y", 租了辆凯美瑞, "my dad's Camry"
            if tentative(ev.content):
                return False  # "Thinking about selling the Civic": a change weighed, not told
            changed = change_at(ev.content, family)  # read once: the checks below ask it in turn
            if changed is None and family in HELD_THING_FAMILIES and used_or_seen(ev.content):
                return False  # "Test drove a Rivian R1T at the mall pop-up just for fun": whatever
                # lifted it (the state-line model reads it as on the car, p 0.96), a thing used or seen
            if reminisces(ev.content, None if changed is None else changed[1]):
                return False  # "以前和阿杰在一起的时候经常去看电影", "in my Austin days…": it remembers
                # the state before a change, so what it names (lifted for) is the former one
            lifted_for = m.key.removeprefix("topic:") if m.key.startswith("topic:") else str(names.get(m.key, ""))
            if changed is None and weak_reason(m) and misses(ev.content, lifted_for):
                return False  # "I really miss my old coworkers at Google": it longs for the former state
                # (lifted for that name or word alone: "…my guts have been heaps better, but I miss a
                # proper pie" is read as the state by the model, and tells it)
            if one_of_many and obj not in ev.content.lower() and (
                    ends_other.get(ev.event_id) or family == "pet" and changed is not None
                    and all(word in PET_GONE for word, _ in change_words(ev.content, family))
                    and any(n.lower() != obj for n in named.get(ev.event_id, {}).values())):
                return False  # "Salt passed away" under pet: pepper, "my asthma is gone" under health:
                # type 2 diabetes — another value ended (by L2, or a pet named gone, no new one told
                # beside it), this one held
            if changed is None and not belief_row(m) and not_gotten(ev.content):
                return False  # 看了只柯基，超可爱，不过最后还是没买: a thing looked at, not got
            if changed is None and nearly_changed(ev.content, family):
                return False  # 上周差点辞职了，后来…就留下来了: a change nearly made, the state kept
            if change_row and (changed or ("",))[0] in CHANGE_OF_ANYTHING \
                    and state_p.get(ev.seq, 1.0) < STATE_LINE_NO_STATE and not names_family(ev.content, family):
                return False  # "帮我写个shell脚本 把文件名里的空格换成下划线" for a diet: a word that
                # changes anything (换成, "switched to"), no word of the family, a line the model
                # reads as no state. Not a family's own change word: the model reads "跟阿哲分了啦",
                # "so I dropped out of CNM" at p < 0.1 too
            if weak_reason(m) and state_p.get(ev.seq, 1.0) < weak_floor:
                return False  # "best bike lights under $100" after "sold the car, bike + train from now on":
                # a shared word or a name again, in a line the state-line model reads as no state
            if m.key.startswith("topic:") and line_changed and top.layer == "l1" and \
                    0 < m.occurred_at - top_time <= NEWER_STATE_FOLLOW_UP_DAYS * 86400.0 and \
                    changed is None and state_p.get(ev.seq, 1.0) < STATE_LINE_MIN_PROBABILITY:
                return False  # "first week back on the bike" 40 days after "cast off today!! …
                # healed fine": a word the top shares, told soon after the change it told, in a
                # line the model does not read as the state (it does "阴性！幽门螺杆菌清除了")
            if m.key.startswith("line:") and line_changed:
                return False  # the top's own line told the change into it: a later line the model
                # reads as on the same family is as often about that new state ("new desk is nice")
            if change_row and top_changed and refers_back(ev.content, family):
                return False  # "新公司年会我居然抽中了一台switch": the new company the top names
            if change_row and spouse_top and (changed or ("", 0))[0] in WEDDING_HELD:
                return False  # 婚礼办完了 after spouse: 林悦 (领证了): the marriage the top tells
            if not belief_row(m) and top_read_soon(m) and not names_new(ev.event_id) and (
                    only_refers_back(ev.content, family) or (
                    changed is None and compares_with_before(ev.content))):
                return False  # "新车那个app咋绑定" two weeks after "咬咬牙整了台九号电动车": the new
                # thing of the line the model reads as the state, told just before (lifted for
                # that word, a shared "house" or the model's reading alike)
            if m.key.startswith("topic:") and beside and names_beside(ev.event_id):
                return False  # "The commute to Malvern is brutal…": the job the top names, where it is
            if partner_top and (m.key.startswith("topic:") and partner_by_role(ev.content) or m.key in own_names) \
                    and change_at(ev.content, "relationship") is None:
                # 七夕给男朋友送啥, "taking Priya's parents": the partner the live belief names, called
                # by the role or named again, with no word of a change
                return False
            if not change_row and asks_last(ev.content) and changed is None:
                return False  # "honeymoon in Crete, what should we not miss": a request that ends asking
            if not change_row and not_begun(ev.content, m.occurred_at, moment, at=family_word_at(ev.content, family),
                                            family=family):
                return False  # "婚礼定在10月18号", "surgery is on June 20": a dated plan whose day has not come
            # (a named person's thing too, "Chloe and Kaz's Leeds house has a damp problem", and a
            # name opening the line, "Lauren from work has started keto" — but not for a pet or a
            # partner, who are told by name: "Biscuit's checkup went fine")
            if about_user and about_someone_else(ev.content, names=family not in ("pet", "relationship", None),
                                                 possessive_names=family not in ("pet", "relationship")):
                return False  # "My son just started at UCLA too!": a later word on the son
            # … nor a long message's sentence on someone else's state ("Back from my buddy Jake's
            # wedding… He's officially married now"), judged where the line speaks of the family
            # (and for a question on the user's own pet or partner, "who is my partner now?": "My
            # best friend broke up with her boyfriend" is no word on the user's partner)
            return not ((about_user or own_tie) and not change_row and lowers_state_answer(
                ev.content, speaker=ev.speaker, author_type=ev.author_type, family=family))
        mentions = [m for m in mentions if stands(m)]
        # a line lifted for the model's reading alone yields to another later line, lifted for its
        # own reason (a change word, a new thing named), that the model reads as telling the state
        # more surely (电车冬天续航掉得凶不 beside the line that names the new 比亚迪汉): a line after
        # a change is as often about the new state as a newer word on it. Not to the top's own line:
        # that may be the old state told plainly ("first semester at Santa Monica College", p 0.99,
        # over "week 0 done. Westwood is so much bigger than SMC", p 0.81)
        own_reason = {m.event_id for m in mentions if not m.key.startswith("line:")}
        # (not a line whose change word only refers back — "新家的暖气是自己烧的": it tells no
        # state, it says one was told before it, as the line the model reads may be)
        surest = max([0.0, *(state_p.get(by_seq[e].seq, 0.0) for e in own_reason
                             if not only_refers_back(by_seq[e].content, plan.predicate_family))])
        mentions = [m for m in mentions if m.event_id in own_reason
                    or state_p.get(by_seq[m.event_id].seq, 0.0) >= surest - STATE_LINE_LIFT_MARGIN]
        picked = newer_mentions(top_time, ids, first.speaker if first is not None else None, mentions,
                                as_of=plan.as_of, limit=len(mentions))
        # a question of no state family ("did i get over the dengue?" reads as a purchase): any
        # state family's change word
        change_families = [plan.predicate_family] if plan.predicate_family in CHANGE_CUES else list(CHANGE_CUES)

        found_in = {m.event_id: change_in(by_seq[m.event_id].content, change_families) for m in picked}

        def refers(m: LaterMention) -> bool:
            """Its change word only refers back to a change made ("新家楼下有个早市", "training
            course for the new job"), or it compares with the state before one ("more energy
            than I ever did on the old diet", 新学校食堂比以前好吃多了)."""
            content = by_seq[m.event_id].content
            if names_new(m.event_id):
                return False
            return found_in[m.event_id] is not None and all(only_refers_back(content, f) for f in change_families
                                                            if change_at(content, f) is not None) or \
                found_in[m.event_id] is None and compares_with_before(content)

        def tells(m: LaterMention) -> bool:
            """Lifted for a reason of its own — a change word (not one that refers back), a
            superseding belief, a new thing, a shared topic word — and not only for the model's
            reading or the top's own thing named again ("ran into my old boss")."""
            return (not (m.key.startswith("line:") or m.key in names) or found_in[m.event_id] is not None) \
                and not refers(m)

        def strong(m: LaterMention) -> bool:
            """Tells by more than a shared word: a change word, a belief, a new thing."""
            return tells(m) and not m.key.startswith("topic:")

        picked = told_first(picked, tells, refers=refers, strong=strong)
        if not picked:
            return findings, {}
        when = iso(top_time)[:10] if top_time else "?"
        lifted: dict[str, str] = {}
        head: list[Finding] = []
        rest = list(findings)
        for m in picked:
            reason = later_reason(iso(m.occurred_at)[:10], m.about, when, zh)
            lifted[m.event_id] = reason
            old = next((f for f in rest if f.layer == "l1" and f.event_id == m.event_id), None)
            if old is not None:
                rest.remove(old)
                f = old
            else:
                ev = by_seq[m.event_id]
                text, truncated = _clip(ev.content)
                f = Finding(rank=0, event_id=ev.event_id, content=text, occurred_at=ev.occurred_at,
                            author_type=ev.author_type, evidence_strength="", score=top.score,
                            event_ids=[ev.event_id], source=ev.source, session_id=ev.session_id,
                            evidence_class=ev.evidence_class, evidence={}, truncated=truncated, speaker=ev.speaker)
                by_id[ev.event_id] = ev
            f.relevance = top.relevance
            head.append(f)
            trace.newer_state.append({"event_id": m.event_id, "occurred_at": iso(m.occurred_at),
                                      "through": m.key, "why": m.about,
                                      "above": top.event_id if top.layer == "l1" else _layer_key(top.layer, top.kind, top.hit_id),
                                      "above_time": iso(top_time), "was_rank": findings.index(old) + 1 if old else None})
        return head + rest, lifted

    def _ends_other_value(self, event_ids: Sequence[str], trait: str, value: str) -> dict[str, bool]:
        """event id -> whether L2 read the line as ending a value of ``trait`` other than
        ``value`` (and not ``value`` itself)."""
        ids = list(dict.fromkeys(event_ids))
        if not ids or not trait:
            return {}
        ended: dict[str, set[str]] = {}
        started: dict[str, set[str]] = {}
        conn = self.db.reader()
        try:
            for eid, v in conn.execute(
                    f"SELECT k.new_id, a.value FROM l2_conflicts k JOIN tom_trait_assertions a "
                    f"ON k.old_kind = 'assertion' AND a.assertion_id = k.old_id "
                    f"WHERE k.new_kind = 'event' AND k.new_id IN ({placeholders(len(ids))}) AND a.trait = ?", [*ids, trait]):
                ended.setdefault(eid, set()).add(str(v).strip().lower())
            # … and what the same line started ("雪球送给我妹了；我自己领养了一只边牧，叫可乐": a new
            # pet told beside the one gone is a newer word on the household)
            for eid, v in conn.execute(
                    f"SELECT e.event_id, a.value FROM l2_evidence e JOIN tom_trait_assertions a "
                    f"ON e.owner_kind = 'assertion' AND a.assertion_id = e.owner_id "
                    f"WHERE e.event_id IN ({placeholders(len(ids))}) AND a.trait = ? AND a.polarity = 1", [*ids, trait]):
                started.setdefault(eid, set()).add(str(v).strip().lower())
        except Exception as exc:  # noqa: BLE001 - no L2 tables: nothing known ended
            log.debug("ended values unavailable: %s", exc)
        return {eid: bool(vals) and value not in vals and not started.get(eid, set()) - vals
                for eid, vals in ended.items()}

    def _named_things(self, event_ids: Sequence[str], family: str | None) -> dict[str, dict[str, str]]:
        """event id -> {entity id: name} of the entities of ``family``'s kind
        (``REFERS_BACK_NAMED_TYPES``) its line names."""
        types = REFERS_BACK_NAMED_TYPES.get(family or "")
        ids = list(dict.fromkeys(event_ids))
        out: dict[str, dict[str, str]] = {e: {} for e in ids}
        if not types or not ids:
            return out
        for eid, ent, name in self.db.reader().execute(
                f"SELECT x.event_id, x.entity_id, c.canonical_name FROM l1_event_entities x "
                f"JOIN entity_catalog c ON c.entity_id = x.entity_id "
                f"WHERE x.event_id IN ({placeholders(len(ids))}) AND c.entity_type IN ({placeholders(len(types))})",
                [*ids, *types]):
            if str(name).lower() not in KIND_WORDS:  # "the car", 车: no thing of its own
                out.setdefault(eid, {})[ent] = str(name)
        return out

    def _refers_back_top(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                         by_id: dict[str, "Candidate"], pronoun_only: bool = False) -> list[Finding]:
        """current_state: a first finding that only refers back to a change ("新学校食堂比以前好吃多
        了", "training course for the new job", 术后多久能去游泳), declines another after a loss
        (我觉得暂时不要再养了), remembers the state before it (以前和阿杰在一起的时候…, "in my Austin
        days…": what it names is the former state) or asks about the state with no change word (研一课程太多了，怎么安排时间)
        yields to the newest finding told before it, at most ``NEWER_STATE_FOLLOW_UP_DAYS``
        earlier, that tells the state — by a change word of its own or as the state-line model
        reads it: that line is the change it refers back to. ``pronoun_only`` (run once the newer
        lines are lifted): a relationship line that opens with the partner as a pronoun ("他表白了！！
        我答应了") yields to the newest such line that names a person — whom the pronoun stands for."""
        family = plan.predicate_family
        if plan.mode is not QueryMode.CURRENT_STATE or not family or not findings or not self._asks_own_state(plan):
            return findings
        top = findings[0]
        ev = by_id.get(top.event_id)
        if top.layer != "l1" or ev is None or ev.author_type != "user" or ev.speaker:
            return findings
        said = change_at(ev.content, family)
        declines = said is None and declines_another(ev.content)
        # "以前和阿杰在一起的时候经常去看电影", "in my Austin days…": the thing it names is the one before
        remembers = reminisces(ev.content, None if said is None else said[1])
        # (a one-sentence request that ends asking, with no change word, asks about the state:
        # "研一课程太多了，怎么安排时间" after 今天开学了 — not "小橘今天到家了！…是不是被吓到了")
        asks = said is None and len(split_sentences(ev.content.strip())) == 1 and asks_last(ev.content)
        # "他表白了！！我答应了", "she said yes!!": the partner by a pronoun, named before (read once
        # the newer lines are lifted: ``pronoun_only``)
        pronoun = pronoun_only and family == "relationship" and opens_with_pronoun(ev.content)
        if pronoun_only and not pronoun:
            return findings
        if not (only_refers_back(ev.content, family) or declines or asks or remembers or pronoun or
                said is None and compares_with_before(ev.content)):
            return findings
        named = self._named_things([ev.event_id], family).get(ev.event_id)
        if not (declines or remembers) and named and (said is None or names_the_change(ev.content, named.values(), said)):
            return findings  # "滨江的新房子终于收拾好了，杭州的秋天…": it names where (not the one declined:
            # 老伴说再去买一只八哥，我觉得暂时不要再养了; nor one pointed at as elsewhere: 搬完了腰要断了，
            # 回龙观那边房东押金还没退 names the place left)
        # (a loss is declined again long after it: "Not ready for another dog yet" six months on)
        window = (DECLINED_AFTER_LOSS_DAYS if declines else NEWER_STATE_FOLLOW_UP_DAYS) * 86400.0
        earlier = [f for f in findings[1:] if f.layer == "l1" and f.event_id in by_id and not by_id[f.event_id].speaker
                   and by_id[f.event_id].author_type == "user" and 0 < ev.occurred_at - by_id[f.event_id].occurred_at <= window]
        if not earlier:
            return findings
        probs = self._state_lines(plan, None, [by_id[f.event_id].seq for f in earlier])

        def tells(f: Finding) -> bool:
            c = by_id[f.event_id]
            if lowers_state_answer(c.content, speaker=c.speaker, author_type=c.author_type, family=family) or \
                    tentative(c.content):
                return False  # "my cousin shifted to uttara last week": somebody else's change;
                # "Thinking about selling the Civic": weighed
            said = change_at(c.content, family)
            return said is not None and not refers_back_at(c.content, said) or \
                probs.get(c.seq, 0.0) >= STATE_LINE_MIN_PROBABILITY
        told = [f for f in earlier if tells(f)]
        if pronoun:
            # (the one the pronoun stands for is named in the line it refers back to)
            persons = self._named_things([f.event_id for f in told], family)
            told = [f for f in told if persons.get(f.event_id)]
        if not told:
            return findings
        first = max(told, key=lambda f: (by_id[f.event_id].occurred_at, by_id[f.event_id].seq))
        return self._move_first(trace, findings, first.event_id, by_id[first.event_id].occurred_at, "refers_back",
                                "the change the first finding refers back to", ev.occurred_at)

    def _named_lines(self, family: str, findings: Sequence[Finding],
                     by_id: dict[str, "Candidate"]) -> list[NamedLine]:
        """The L1 findings as lines with the names of ``family``'s kind each holds."""
        fs = [f for f in findings if f.layer == "l1" and f.event_id in by_id]
        named = self._named_things([f.event_id for f in fs], family)
        out = []
        for f in fs:
            c = by_id[f.event_id]
            own = c.author_type == "user" and not c.speaker and not lowers_state_answer(
                c.content, speaker=c.speaker, author_type=c.author_type, family=family)
            out.append(NamedLine(c.event_id, c.occurred_at, c.seq, c.content,
                                 tuple(named.get(f.event_id, {}).values()), own))
        return out

    def _move_first(self, trace: tr.QueryTrace, findings: list[Finding], event_id: str, occurred_at: float,
                    through: str, why: str, above_time: float, lifted: dict[str, str] | None = None,
                    reason: str | None = None) -> list[Finding]:
        """The L1 finding ``event_id`` put first, the move traced in ``trace.newer_state`` (and its
        reason in words kept in ``lifted``, for the evidence it is shown with)."""
        first = next(f for f in findings if f.layer == "l1" and f.event_id == event_id)
        top = findings[0]
        trace.newer_state.append({"event_id": event_id, "occurred_at": iso(occurred_at), "through": through,
                                  "why": why, "above": top.event_id if top.layer == "l1" else
                                  _layer_key(top.layer, top.kind, top.hit_id), "above_time": iso(above_time),
                                  "was_rank": findings.index(first) + 1})
        if lifted is not None and reason is not None:
            lifted[event_id] = reason
        return [first, *(f for f in findings if f is not first)]

    def _first_against_lines(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                             by_id: dict[str, "Candidate"], lifted: dict[str, str]) -> list[Finding]:
        """current_state: the first finding read against the L1 lines beside it, in turn — a
        value the user corrected, a thing ended while a new one was already taken, a start that
        carries out a plan told with its name. The lines (and the names of the family's kind they
        hold) are read once: each step only reorders them."""
        family = plan.predicate_family
        if plan.mode is not QueryMode.CURRENT_STATE or not family or not findings or not self._asks_own_state(plan):
            return findings
        lines = self._named_lines(family, findings, by_id)
        moment = plan.as_of if plan.as_of is not None else plan.now
        findings = self._corrected_first(plan, trace, findings, lines, moment, lifted)
        if family in HELD_PAST_END_FAMILIES:
            findings = self._taken_before_end(plan, trace, findings, lines, moment, lifted)
        return self._carried_out_first(plan, trace, findings, lines, lifted)

    def _corrected_first(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                         lines: list[NamedLine], moment: float, lifted: dict[str, str]) -> list[Finding]:
        """The first finding's value corrected by the user soon after ("typo lah，不是Sengkang，
        是Punggol"): the correcting line answers first (``corrections.py``)."""
        top = findings[0]
        if top.layer == "l1":
            own = next((l for l in lines if l.event_id == top.event_id), None)
            if own is None or not own.own:
                return findings
            values, told_at = list(own.names), own.occurred_at
        else:
            values = [str(top.facts[k]) for k in ("value", "object") if top.facts.get(k)]
            times = self._event_times(top.event_ids)
            told_at = max(times.values(), default=top.occurred_at or 0.0)
        line = corrected_by(values, told_at, [l for l in lines if l.event_id != top.event_id],
                            CORRECTION_WINDOW_DAYS * 86400.0, moment)
        if line is None:
            return findings
        return self._move_first(trace, findings, line.event_id, line.occurred_at, "correction",
                                "the user corrected what the first finding says", told_at, lifted,
                                later_correction(iso(line.occurred_at)[:10], has_cjk(plan.query)))

    def _taken_before_end(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                          lines: list[NamedLine], moment: float, lifted: dict[str, str]) -> list[Finding]:
        """A first finding that ends a thing ("finally sold the Corolla", "vehicle: no longer 捷达")
        yields to the newest line, told while that thing was held, in which the user took a new
        one (``held_past_end.py``; ``HELD_PAST_END_FAMILIES``)."""
        family = str(plan.predicate_family)
        top = findings[0]
        if top.layer == "l1":
            own = next((l for l in lines if l.event_id == top.event_id), None)
            ended = ended_name(own, family) if own is not None and own.own else None
            if ended is None or takes_new(own, family, ended.lower(), moment, naming_old=True):
                return findings  # (it takes the new one itself: "sold the Civic and got a Kia")
            end_at = own.occurred_at
            held_from = held_from_lines(ended, lines, end_at)
        else:
            if top.facts.get("current", True) is not False or not top.hit_id:
                return findings
            row = self.db.reader().execute("SELECT valid_from, value FROM tom_trait_assertions WHERE assertion_id = ?",
                                           [top.hit_id]).fetchone()
            if row is None or row[0] is None:
                return findings
            ended, held_from, end_at = str(row[1]), float(row[0]), top.occurred_at or plan.now
        line = taken_before_end(ended, held_from, end_at, [l for l in lines if l.event_id != top.event_id], family,
                                moment)
        if line is None:
            return findings
        return self._move_first(trace, findings, line.event_id, line.occurred_at, "taken_before_end",
                                "a new one taken while the ended one was still held", end_at, lifted,
                                later_taken(ended, has_cjk(plan.query)))

    def _carried_out_first(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                           lines: list[NamedLine], lifted: dict[str, str]) -> list[Finding]:
        """A first finding that tells a start and names nothing (今天开学典礼) yields to the plan it
        carries out, told before with the name (``carried_out.py``)."""
        if findings[0].layer != "l1":
            return findings
        top = next((l for l in lines if l.event_id == findings[0].event_id), None)
        if top is None:
            return findings
        line = plan_carried_out(top, [l for l in lines if l is not top], str(plan.predicate_family))
        if line is None:
            return findings
        return self._move_first(trace, findings, line.event_id, line.occurred_at, "plan_carried_out",
                                "the plan the first finding carries out, with its name", top.occurred_at, lifted,
                                later_plan(iso(top.occurred_at)[:10], has_cjk(plan.query)))

    def _kind_top_to_line(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                          by_id: dict[str, "Candidate"]) -> list[Finding]:
        """current_state: a first finding that is a belief whose value is a kind, not a thing
        ("user OWNS horse" from "bought my own horse. Duchess, 9yo bay thoroughbred…") yields to the
        user's line it rests on, which says which one."""
        if plan.mode is not QueryMode.CURRENT_STATE or not findings or findings[0].layer == "l1":
            return findings
        top = findings[0]
        value = str(top.facts.get("object") or top.facts.get("value") or "").strip().lower()
        if not value or not (value in KIND_WORDS or value in PET_SPECIES):
            return findings
        line = next((f for f in findings[1:] if f.layer == "l1" and f.event_id == top.event_id
                     and f.event_id in by_id and by_id[f.event_id].author_type == "user"
                     and not by_id[f.event_id].speaker), None)
        if line is None:
            return findings
        return self._move_first(trace, findings, line.event_id, by_id[line.event_id].occurred_at, "kind_value",
                                f"the line the belief on a {value!r} rests on", top.occurred_at or plan.now)

    def _continue_first(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                        by_id: dict[str, "Candidate"], allowed: set[str]) -> None:
        """current_state: the first finding continued by the user's next line in its session (a
        burst's next message, the answer to the assistant's question: ``continuation.py``), shown
        inside it with both event ids."""
        if plan.mode is not QueryMode.CURRENT_STATE or not findings:
            return
        top = findings[0]
        ev = by_id.get(top.event_id)
        if top.layer != "l1" or ev is None or ev.event_type != "CHAT_MESSAGE" or ev.author_type != "user" or ev.speaker:
            return
        conn = self.db.reader()
        # the chat lines right after it, by time (an import may give every message its own
        # session, or none: the conversation is the lines that follow each other)
        seqs = [r[0] for r in conn.execute(
            "SELECT seq FROM fact_events WHERE occurred_at >= ? AND occurred_at <= ? AND seq != ? "
            "AND event_type = 'CHAT_MESSAGE' AND source IS ? ORDER BY occurred_at, seq LIMIT 4",
            [ev.occurred_at, ev.occurred_at + 2 * CONTINUATION_GAP_S, ev.seq, ev.source])]
        later = [c for c in sorted(self._hydrate(seqs).values(), key=lambda c: (c.occurred_at, c.seq))
                 if c.occurred_at > ev.occurred_at or c.seq > ev.seq]
        if not later:
            return
        lines = [Line(c.event_id, c.occurred_at, c.author_type, c.content, c.speaker,
                      usable=self._fetch_filter(plan, c, allowed, None, None) is None
                      and (plan.as_of is None or c.occurred_at <= plan.as_of)) for c in later]
        found = continuation(Line(ev.event_id, ev.occurred_at, ev.author_type, ev.content), lines)
        if found is None:
            return
        reply, asked = found
        tail = f" / {reply.content.strip()}"
        room = max(FINDING_MAX_CHARS // 2, FINDING_MAX_CHARS - len(tail))
        head = ev.content if len(ev.content) <= room else ev.content[:room - 1] + "…"
        top.content, clipped = _clip(head + tail)
        top.truncated = top.truncated or clipped or head != ev.content
        top.event_ids = [*top.event_ids, reply.event_id]
        trace.continued.append({"event_id": top.event_id, "continued_by": reply.event_id,
                                "answering": asked.event_id if asked is not None else None})

    def _embedder_state_model(self) -> StateLineModel | None:
        """The state-line model of the active embedder (the bundled e5; none for hashing)."""
        model_id = getattr(getattr(self.engine.providers, "embedder", None), "model_id", "") or ""
        try:
            return state_line_model(model_id)
        except Exception as exc:  # noqa: BLE001 - a broken weights file costs the model's readings, not the query
            log.warning("state-line model unavailable: %s", exc)
            return None

    def _state_model(self, plan: QueryPlan) -> StateLineModel | None:
        """The state-line model for a current_state question about the user's own state of a
        family it scores."""
        if plan.mode is not QueryMode.CURRENT_STATE or not plan.predicate_family or not self._asks_own_state(plan):
            return None
        model = self._embedder_state_model()
        return model if model is not None and model.column(plan.predicate_family) is not None else None

    def _question_family(self, plan: QueryPlan) -> dict[str, Any] | None:
        """The family of a current_state question about the user's own state, read by the
        state-line model from the question's vector where the word rules leave it open or name
        no state: no rule names a family ("whats my ride now", 我那手腕现在咋样了), or the first
        names one the model has no state for (我现在还喝酒吗 reads as drinks consumed, "what do I
        get around on these days?" as a purchase) — its best guess at
        ``QUESTION_FAMILY_MIN_PROBABILITY`` sets it before the paths run; or the question holds
        the words of several state families ("do I still have a job at the university?": a
        school's and a job's) and the rules' fixed order took the first — the model's guess
        among those named replaces it. Returns what it did for the trace, or None."""
        if plan.mode is not QueryMode.CURRENT_STATE or plan.query_vector is None or not asks_about_user(plan.query):
            return None
        model = self._embedder_state_model()
        if model is None:
            return None
        ruled, among = plan.predicate_family, plan.predicate_families
        no_state = ruled is None or model.column(ruled) is None
        if not no_state and not (len(among) > 1 and ruled == among[0]):
            return None
        found = model.question_family(plan.query_vector)
        if found is None or found[1] < QUESTION_FAMILY_MIN_PROBABILITY:
            return None
        if no_state:
            plan.predicate_family = found[0]
            return {"state_line_model": round(found[1], 4), **({"replaces": ruled} if ruled else {})}
        if found[0] not in among[1:]:
            return None
        plan.predicate_family = found[0]
        return {"state_line_model": round(found[1], 4), "among": list(among)}

    def _state_lines(self, plan: QueryPlan, trace: tr.QueryTrace | None, seqs: Sequence[int]) -> dict[int, float]:
        """seq -> the state-line model's probability that the line tells the asked family's state;
        recorded in the trace. A line embedded alone is read from its stored vector; a chat line
        stored after its neighbour's words (``_embedded_alone``) is embedded alone now — at most
        ``STATE_LINE_EMBED_MAX`` per question, in the order given (best first), and remembered."""
        model = self._state_model(plan)
        vi = self.vector_index() if model is not None and seqs else None
        if vi is None or model is None:
            return {}
        seqs = list(dict.fromkeys(int(x) for x in seqs))
        try:
            alone = self._embedded_alone(seqs)
            vectors = vi.event_vectors(alone)
            stored_alone = set(alone)
            vectors.update(self._alone_vectors([x for x in seqs if x not in stored_alone]))
        except Exception as exc:  # noqa: BLE001 - no vectors yet (L1-only store): no model reading
            log.debug("state-line vectors unavailable: %s", exc)
            return {}
        out: dict[int, float] = {}
        for seq, rows in vectors.items():
            if rows.shape[1] != model.dim:
                return {}  # vectors of another embedder
            out[seq] = round(float(model.probabilities(rows, str(plan.predicate_family)).max()), 4)
        if trace is not None:
            trace.plan["state_lines"] = {"family": plan.predicate_family, "read": len(out),
                                         "told": sum(p >= STATE_LINE_MIN_PROBABILITY for p in out.values())}
        return out

    def _alone_vectors(self, seqs: Sequence[int]) -> dict[int, np.ndarray]:
        """Passage vectors of the events' own text (its first ``STATE_LINE_EMBED_CHARS``
        characters), embedded now by the active embedder — the one the state-line model was
        loaded for (``for_embedder`` checks the model id): remembered per text
        (``STATE_LINE_EMBED_CACHE``), at most ``STATE_LINE_EMBED_MAX`` new ones per call (an
        embedding costs ~10-20 ms on the bundled model)."""
        embedder = getattr(self.engine.providers, "embedder", None)
        if embedder is None or not seqs:
            return {}
        texts = {int(r[0]): str(r[1] or "")[:STATE_LINE_EMBED_CHARS] for r in self.db.reader().execute(
            f"SELECT seq, content FROM fact_events WHERE seq IN ({placeholders(len(seqs))})", list(seqs))}
        out: dict[int, np.ndarray] = {}
        todo: list[int] = []
        with self._alone_lock:
            for seq in seqs:
                text = texts.get(int(seq))
                if not text:
                    continue
                vec = self._alone_cache.get(text)
                if vec is not None:
                    self._alone_cache.move_to_end(text)
                    out[int(seq)] = vec
                elif len(todo) < STATE_LINE_EMBED_MAX:
                    todo.append(int(seq))
        if todo:
            vecs = np.asarray(embedder.embed([texts[x] for x in todo]), np.float32).reshape(len(todo), -1)
            with self._alone_lock:
                for seq, vec in zip(todo, vecs):
                    row = vec.reshape(1, -1)
                    self._alone_cache[texts[seq]] = row
                    out[seq] = row
                while len(self._alone_cache) > STATE_LINE_EMBED_CACHE:
                    self._alone_cache.popitem(last=False)
        return out

    def _embedded_alone(self, seqs: Sequence[int]) -> list[int]:
        """Of ``seqs``, the events whose stored vector is their own text's: the embedding worker
        embeds a chat message after the end of the message before it in its session
        (``conversation_context``), and the state-line model, trained on lines alone, reads such
        vectors poorly (on four held-apart scenario sets, the newest line it read as the state was
        the new state in 24 / 160 after a neighbour's words against 124 alone: docs/retrieval.md,
        "State lines"); those lines are embedded alone at question time (``_alone_vectors``)."""
        if not seqs:
            return []
        with_context = previous_contents(self.db.reader(), list(dict.fromkeys(int(s) for s in seqs)))
        return [int(s) for s in dict.fromkeys(seqs) if int(s) not in with_context]

    def _learned_family_rows(self, plan: QueryPlan, top_time: float, zh: bool) -> list[tuple[int, str, str]]:
        """The user's later lines the state-line model reads as telling the asked family's state
        (``STATE_LINE_LIFT_MIN_PROBABILITY``), found by searching the vector index along the
        family's direction, after the top finding and not after the question's now."""
        model = self._state_model(plan)
        vi = self.vector_index() if model is not None else None
        if vi is None or model is None or vi.dim != model.dim:
            return []
        family = str(plan.predicate_family)
        scopes = [sc.value for sc in plan.allowed_scopes]
        window = TimeWindow(top_time + 1e-3, plan.as_of + 1e-3 if plan.as_of is not None else None, "state lines")
        try:
            hits, _ = vi.search(model.query_vector(family), STATE_LINE_SCAN, scopes=scopes, window=window)
        except Exception as exc:  # noqa: BLE001 - no vector table yet: no learned lift
            log.debug("state-line search unavailable: %s", exc)
            return []
        best: dict[int, float] = {}
        alone = set(self._embedded_alone([h.event_seq for h in hits]))
        for h in hits:
            if h.event_seq in alone:
                best[h.event_seq] = max(best.get(h.event_seq, -1.0), h.similarity)
        probs = {seq: model.probability_of_cosine(cosine, family) for seq, cosine in best.items()}
        # a chat line stored after its neighbour's words is not found along the family's direction:
        # the newest such lines of the user after the top finding are read alone
        recent = [int(r[0]) for r in self.db.reader().execute(
            f"SELECT seq FROM fact_events WHERE occurred_at > ? AND (? IS NULL OR occurred_at <= ?) "
            f"AND author_type = 'user' AND json_extract(metadata_json, '$.speaker') IS NULL "
            f"AND l1_retrieval_scope IN ({placeholders(len(scopes))}) ORDER BY occurred_at DESC LIMIT ?",
            [top_time, plan.as_of, plan.as_of, *scopes, STATE_LINE_EMBED_MAX])]
        stored_alone = set(self._embedded_alone(recent))  # (found along the direction above)
        recent = [x for x in recent if x not in stored_alone]
        probs.update(self._state_lines(plan, None, recent))
        return [(seq, f"line:{family}", later_family_line(family, p, zh)) for seq, p in probs.items()
                if p >= STATE_LINE_LIFT_MIN_PROBABILITY]

    def _names_answer(self, plan: QueryPlan, seqs: Sequence[int]) -> set[int]:
        """Of the head's events, those the entity index links to a thing of the kind the asked
        state's answer is (``paths.entity.state_answer_types``); empty when nothing is asked."""
        types = state_answer_types(plan)
        if not types or not seqs:
            return set()
        try:
            return {int(r[0]) for r in self.db.reader().execute(
                f"SELECT DISTINCT event_seq FROM l1_event_entities WHERE event_seq IN ({placeholders(len(seqs))}) "
                f"AND entity_type IN ({placeholders(len(types))})", [*seqs, *types])}
        except Exception as exc:  # noqa: BLE001 - no entity index (L1-only store): nothing typed
            log.debug("entity types unavailable: %s", exc)
            return set()

    @staticmethod
    def _family_change_rows(conn: Any, family: str, top_time: float, as_of: float | None,
                            zh: bool) -> list[tuple[int, str, str]]:
        """The user's later lines that tell a change of the asked family's state by its own
        words (``state_statement.change_cue``: "Orientation week at Cobalt Freight", 到厦门啦～新家…)
        though they name nothing the top finding names: newest first, at most ``NEWER_STATE_SCAN``
        lines kept, of the newest ``NEWER_STATE_CHANGE_MATCHES`` full-text matches."""
        expr = " OR ".join(p for p in dict.fromkeys(fts_phrase(t) for t in change_terms(family)) if p)
        if not expr:
            return []
        out: list[tuple[int, str, str]] = []
        # the newest NEWER_STATE_CHANGE_MATCHES matches only (FTS5 walks newest first and stops):
        # change words are common, and older matches can never be after the top finding anyway
        for seq, content, told_at in conn.execute(
                "SELECT e.seq, e.content, e.occurred_at FROM (SELECT rowid AS rid FROM fact_events_fts "
                "WHERE fact_events_fts MATCH ? ORDER BY rowid DESC LIMIT ?) m CROSS JOIN fact_events e ON e.seq = m.rid "
                "WHERE e.occurred_at > ? AND (? IS NULL OR e.occurred_at <= ?) AND e.author_type = 'user' "
                "ORDER BY e.seq DESC LIMIT ?",
                (expr, NEWER_STATE_CHANGE_MATCHES, top_time, as_of, as_of, NEWER_STATE_SCAN)):
            found = change_at(content, family)
            if found is None or not_own_state(content, speaker=None, author_type="user", family=family,
                                              at=found[1]) is not None:
                continue  # judged by the change's own sentence: a long message asks and tells at once
            cue = found[0]
            if not_begun(content, told_at, as_of if as_of is not None else time.time(), at=found[1], family=family):
                continue  # "Moving to Denver next month": a change only once its date has come
            out.append((int(seq), f"change:{family}", later_family_change(family, cue, zh)))
        return out

    @staticmethod
    def _ended_rows(conn: Any, ids: list[str], top_time: float, zh: bool,
                    sibling_of: tuple[str, str] | None = None) -> list[tuple[int, str, str]]:
        """The lifecycle of the state the top finding rests on, followed through the statements
        that ended it ("I work at Cisco" → "Moved from Cisco to Juniper" → "Juniper laid me off"):
        an assertion of that trait ended by a later event (a direct negation) leads to that event,
        and to the assertions of the same trait it started, up to three steps. ``sibling_of``:
        (trait, value) of a live belief on top — another value of that trait its evidence told
        beside it is no state it rests on (two cats named in one line, one of them dead since)."""
        traits = {r[0] for r in conn.execute(
            f"SELECT DISTINCT a.trait FROM l2_evidence e JOIN tom_trait_assertions a ON a.assertion_id = e.owner_id "
            f"WHERE e.owner_kind = 'assertion' AND e.event_id IN ({placeholders(len(ids))})", ids)}
        if not traits:
            return []
        out: list[tuple[int, str, str]] = []
        frontier, seen = list(ids), set(ids)
        for _ in range(NEWER_STATE_CHAIN_STEPS):
            ended = conn.execute(
                f"SELECT f.seq, f.event_id, a.assertion_id, a.trait, a.value FROM l2_evidence e "
                f"JOIN tom_trait_assertions a ON a.assertion_id = e.owner_id "
                f"JOIN l2_conflicts k ON k.old_kind = 'assertion' AND k.old_id = a.assertion_id AND k.new_kind = 'event' "
                f"JOIN fact_events f ON f.event_id = k.new_id "
                f"WHERE e.owner_kind = 'assertion' AND e.event_id IN ({placeholders(len(frontier))}) "
                f"AND a.trait IN ({placeholders(len(traits))}) AND f.occurred_at > ?",
                [*frontier, *traits, top_time]).fetchall()
            if sibling_of is not None and frontier == ids:
                ended = [r for r in ended if not (r[3] == sibling_of[0] and str(r[4]).strip().lower() != sibling_of[1])]
            frontier = [eid for _, eid, *_ in ended if eid not in seen]
            seen.update(frontier)
            out += [(seq, aid, later_end(trait, value, zh)) for seq, eid, aid, trait, value in ended]
            if not frontier:
                break
        return out

    @staticmethod
    def _topic_mentions(top: Finding, ids: list[str], findings: list[Finding], by_id: dict[str, "Candidate"],
                        zh: bool, obj: str, question_terms: list[str], family: str | None = None,
                        named_words: set[str] | frozenset[str] = frozenset()) -> list[LaterMention]:
        """Later statements among the findings that share a topic word with a top statement
        (我戒烟失败了 → 我已经戒烟半年了): the newer word on a state no entity names."""
        # a derived belief's topic is in the statements it rests on ("user HAS_CONDITION 高血压"
        # rests on 我有高血压; 血压控制住了 is the newer word on it)
        top_texts = [top.content] if top.layer == "l1" else [by_id[i].content for i in ids if i in by_id]
        if not top_texts:
            return []
        # a later line naming the belief's own object (``obj``) reaffirms it or is the entity path's to lift
        own = obj if top.layer != "l1" else ""
        # of a long message, the sentences that hold the belief's object or the question's words:
        # "…I'm a paralegal at Hargreaves & Finch… Something I can prep Friday night" shares
        # "something" with any later chat, which is no word on the job
        top_texts = focus_sentences(top_texts, [own] if own else question_terms)
        all_terms = [t for text in top_texts for t in query_terms(text) if t != own and
                     not (family == "relationship" and kin_not_partner(t))]  # one's child is no word on the marriage
        # a word of what the top names is a topic only beside a word of a change (二中 in
        # "二中给我办了退休手续"; not in "the girls here are very serious students")
        top_terms = [t for t in all_terms if t not in named_words]
        out: list[LaterMention] = []
        for f in findings[1:]:
            if f.layer != "l1" or f.event_id in ids or f.event_id not in by_id:
                continue
            stated = stated_part(f.content)
            word = shared_topic(top_terms, query_terms(stated)) or shared_family(top_texts, stated) if stated else None
            if word is None and stated and len(top_terms) < len(all_terms) and \
                    change_in(stated, CHANGE_CUES) is not None:  # 学校 asked, 退休 told
                word = shared_topic(all_terms, query_terms(stated))
            ev = by_id[f.event_id]
            if word is not None and not ev.speaker:  # the user's own lines; a transcript's speakers by entity only
                out.append(LaterMention(f.event_id, f.occurred_at or ev.occurred_at, f"topic:{word}",
                                        later_about(word, zh), ev.author_type, ev.evidence_class, ev.speaker))
        return out

    def _lift_replies(self, fused: list[Any], events: dict[int, "Candidate"], trace: tr.QueryTrace) -> list[Any]:
        """A chat question among the head candidates lends its score to its reply
        (``dialogue.py``); replies not hydrated yet are read here. The lifts go to the trace."""
        prompts = [events[f.key] for f in fused[:REPLY_LIFT_HEAD] if f.key in events
                   and events[f.key].event_type == "CHAT_MESSAGE" and ends_with_question(events[f.key].content)]
        if not prompts:
            return fused
        replies = self._replies(prompts)
        missing = [r for r in replies.values() if r not in events]
        if missing:
            events.update(self._hydrate(missing))
        # An assistant's reply is generated text, never evidence of what the user said: the
        # lift goes only to a person's answer (the user's, or a named speaker's).
        replies = {p: r for p, r in replies.items()
                   if r in events and events[r].author_type != AuthorType.ASSISTANT.value}
        fused, lifts = lift_replies(fused, replies, REPLY_LIFT, PROMPT_KEEP)
        trace.reply_lifts = [
            {"reply": events[x.reply].event_id if x.reply in events else x.reply,
             "prompt": events[x.prompt].event_id if x.prompt in events else x.prompt,
             "before": round(x.before, 6), "after": round(x.after, 6)} for x in lifts]
        return fused

    @staticmethod
    def _session_prior(fused: list[Any], events: dict[int, "Candidate"], trace: tr.QueryTrace) -> list[Any]:
        """Chat lines rise with their conversation's relevance (``session_prior.py``)."""
        session_of = {k: ev.session_id for k, ev in events.items()
                      if ev.event_type == "CHAT_MESSAGE" and ev.session_id}
        fused, sessions = apply_session_prior(fused, session_of, weight=SESSION_PRIOR_WEIGHT,
                                              top_m=SESSION_PRIOR_TOP_M, head=SESSION_PRIOR_HEAD)
        trace.budget["sessions"] = [{"session": s.session, "rank": s.rank, "relevance": round(s.relevance, 4)}
                                    for s in sessions[:5]]
        return fused

    def _replies(self, prompts: Sequence["Candidate"]) -> dict[int, int]:
        """The next chat message of each prompt's session: the same neighbour a reply is
        embedded with (``embedding_worker.neighbour_in_session``), so both read one order."""
        conn = self.db.reader()
        out: dict[int, int] = {}
        for p in prompts:
            nxt = neighbour_in_session(conn, {"seq": p.seq, "session_id": p.session_id,
                                              "event_type": p.event_type, "occurred_at": p.occurred_at},
                                       after=True)
            if nxt is not None:
                out[p.seq] = int(nxt["seq"])
        return out

    def _hydrate(self, seqs: Sequence[int]) -> dict[int, "Candidate"]:
        """The columns fetch, rerank and the package need — not metadata (JSON parsing every
        candidate's metadata cost ~4 ms per query; only the findings' is read, later)."""
        out: dict[int, Candidate] = {}
        conn = self.db.reader()
        for i in range(0, len(seqs), 500):
            part = list(seqs[i:i + 500])
            for row in conn.execute(f"SELECT {Candidate.COLUMNS} FROM fact_events WHERE seq IN "
                                    f"({placeholders(len(part))})", part):
                c = Candidate(*row)
                out[c.seq] = c
        return out

    def _metadata(self, event_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        if not event_ids:
            return {}
        rows = self.db.read_all(f"SELECT event_id, metadata_json FROM fact_events WHERE event_id IN "
                                f"({placeholders(len(event_ids))})", list(event_ids))
        out: dict[str, dict[str, Any]] = {}
        for r in rows:
            try:
                out[r["event_id"]] = json.loads(r["metadata_json"] or "{}")
            except ValueError:
                out[r["event_id"]] = {}
        return out

    @staticmethod
    def _fetch_filter(plan: QueryPlan, ev: "Candidate", allowed: set[str], window: TimeWindow | None,
                      anchor_id: str | None) -> tuple[str, str] | None:
        if ev.l1_retrieval_scope not in allowed:
            return tr.DROP_SCOPE, (f"scope {ev.l1_retrieval_scope!r} not trusted by mode {plan.mode.value} "
                                   f"({', '.join(sorted(allowed))})")
        if plan.as_of is not None and ev.occurred_at > plan.as_of:
            return tr.DROP_AFTER_NOW, (f"occurred {iso(ev.occurred_at)}, after the question's now "
                                       f"{iso(plan.as_of)}")
        if anchor_id is not None and ev.event_id == anchor_id:
            if plan.anchor is None or not plan.anchor.answers:
                return tr.DROP_ANCHOR, "the anchor event itself (the reference point, not an answer)"
        elif window is not None and not window.contains(ev.occurred_at):
            return tr.DROP_WINDOW, (f"occurred {iso(ev.occurred_at)}, outside the window "
                                    f"[{iso(window.start) or '-inf'}, {iso(window.end) or '+inf'}) "
                                    f"({window.source})")
        for col in FILTER_COLUMNS:
            want = plan.filters.get(col)
            if want is None:
                continue
            have = getattr(ev, col, None)
            ok = have in want if isinstance(want, (list, tuple)) else have == want
            if not ok:
                return tr.DROP_FILTER, f"filter {col}={want!r} (event has {have!r})"
        if ev.event_id in plan.exclude_event_ids:
            return tr.DROP_ARTIFACT, "the question being answered (stored by the chat before asking)"
        reason = chat_artifact_reason(plan.mode, plan.query, author_type=ev.author_type,
                                      evidence_class=ev.evidence_class, content=ev.content)
        if reason is not None:
            return tr.DROP_ARTIFACT, f"chat artifact ({reason}) filtered from fact-mode findings"
        return None

    def _fuse_layers(self, plan: QueryPlan, trace: tr.QueryTrace, l1: list[Finding],
                     layer_results: dict[str, tuple[LayerResult | None, str | None, float]]) -> list[Finding]:
        layer_findings: dict[str, list[Finding]] = {}
        for name, (res, err, ms) in layer_results.items():
            entry: dict[str, Any] = {"elapsed_ms": round(ms, 3), "error": err}
            if res is not None:
                hits = [h for h in res.hits if isinstance(h, LayerHit)]
                if plan.time_window is not None and plan.time_window.hard:
                    # a soft window only favours, as on L1's paths: a job taken before "these
                    # days" is still the answer to "where do I work these days?"
                    hits = [h for h in hits if h.occurred_at is None or plan.time_window.contains(h.occurred_at)]
                hits.sort(key=lambda h: -h.score)
                entry.update(hits=len(res.hits), kept=len(hits), trace=res.trace)
                weights = LAYER_WEIGHTS[plan.mode]
                preferred = weights.get(name, 0.0) > weights.get("l1", 1.0)
                about = [h for h in hits if layer_hit_about_anchor(plan, kind=h.kind, text=h.text, payload=h.payload)]
                for h in about:
                    trace.cuts[_layer_key(h.layer, h.kind, h.id)] = {
                        "stage": tr.CUT_ANCHOR_ENTITY, "event_ids": list(h.event_ids), "detail": (
                            f"{h.kind} about the anchor {plan.anchor.text!r} (the reference point, "
                            f"not an answer)" if plan.anchor else "")}
                hits = [h for h in hits if h not in about]
                entry["about_anchor"] = len(about)
                times = self._event_times([e for h in hits for e in h.event_ids])
                if plan.as_of is not None:
                    # derived only from events after the question's now; and a summary (L3) that
                    # cites any such event was written after it: its text tells the future ("朗逸
                    # 卖掉了…" in a contradiction summary answering a question asked before the sale)
                    later = [h for h in hits if h.event_ids and (
                        all(times.get(e, float("inf")) > plan.as_of for e in h.event_ids)
                        or h.layer == "l3" and any(times.get(e, float("inf")) > plan.as_of for e in h.event_ids))]
                    hits = [h for h in hits if h not in later]
                    entry["after_now"] = len(later)
                best = max((h.score for h in hits), default=0.0)
                # a layer that grounded the question on the user although it asks about someone
                # else ("What does Caroline like?") answers about the wrong person
                grounding = res.trace.get("grounding") if isinstance(res.trace, dict) else None
                other_subject = (plan.subject not in ("user", "", None) and isinstance(grounding, dict)
                                 and grounding.get("subject_is_user") is True)
                entry["subject_mismatch"] = bool(other_subject)
                layer_findings[name] = [self._layer_finding(plan, h, preferred, best, times, other_subject)
                                        for h in hits if h.event_ids]
                entry["without_event_ids"] = sum(1 for h in hits if not h.event_ids)
            trace.layers[name] = entry
        if not any(layer_findings.values()):
            return l1
        # A layer's hit only interleaves with L1 when it is evidence at all: it names what the
        # question asks about, or (preferred layer: weight above L1's) it is that layer's own
        # material, which assess_layer_hit counts as indirect. Weak hits — a non-preferred layer's
        # unrelated rows, rows about the user when the question is about someone else — follow
        # the L1 findings (still cited, never crowding out better-matching events).
        weights = LAYER_WEIGHTS[plan.mode]
        lists: dict[str, list[Finding]] = {"l1": l1}
        trailing: list[Finding] = []
        for name, fs in layer_findings.items():
            lists[name] = [f for f in fs if f.evidence_strength != "weak"]
            demoted = [f for f in fs if f.evidence_strength == "weak"]
            trailing.extend(demoted)
            trace.layers[name]["demoted_weak_hits"] = len(demoted)
        keyed = {f"{n}:{i}": f for n, fs in lists.items() for i, f in enumerate(fs)}
        fused = weighted_rrf({n: [f"{n}:{i}" for i in range(len(fs))] for n, fs in lists.items()}, weights)
        return [keyed[str(f.key)] for f in fused] + trailing

    @staticmethod
    def _layer_finding(plan: QueryPlan, hit: LayerHit, preferred: bool, best: float = 0.0,
                       times: Mapping[str, float] | None = None, other_subject: bool = False) -> Finding:
        event_times = [times[e] for e in hit.event_ids if e in times] if times else None
        a = assess_layer_hit(plan, kind=hit.kind, text=hit.text, payload=hit.payload, preferred=preferred,
                             event_times=event_times, user_subject=other_subject)
        text, truncated = _clip(hit.text)
        return Finding(rank=0, event_id=hit.event_ids[0], content=text, occurred_at=hit.occurred_at,
                       author_type="derived", evidence_strength=a.strength,
                       score=round(float(hit.score), 6), layer=hit.layer, kind=hit.kind,
                       event_ids=list(hit.event_ids), evidence=a.to_json(), truncated=truncated,
                       hit_id=hit.id,
                       relevance=round(max(0.0, float(hit.score)) / best, 4) if best > 0 else None,
                       facts={k: hit.payload[k] for k in FINDING_FACT_KEYS if hit.payload.get(k) is not None})

    def _event_times(self, event_ids: Sequence[str]) -> dict[str, float]:
        """When the events a layer hit cites happened (a summary's evidence must lie in the asked
        period to answer it directly)."""
        ids = list(dict.fromkeys(event_ids))
        out: dict[str, float] = {}
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            for eid, occ in self.db.reader().execute(
                    f"SELECT event_id, occurred_at FROM fact_events WHERE event_id IN ({placeholders(len(part))})",
                    part):
                out[eid] = float(occ)
        return out

    def _anchor_linked(self, plan: QueryPlan, event_ids: Sequence[str]) -> set[str]:
        """Events L2 links to the anchor's entity (an alias equal to one of the anchor's names)."""
        if plan.anchor is None or not event_ids:
            return set()
        names = list(anchor_names(plan.anchor.text)) or [" ".join(query_terms(plan.anchor.text))]
        names = [n for n in names if n.strip()]
        conn = self.db.reader()
        if not names or not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                         "AND name = 'l1_event_entities'").fetchall():
            return set()
        try:
            rows = conn.execute(
                f"SELECT DISTINCT x.event_id FROM entity_aliases a JOIN l1_event_entities x "
                f"ON x.entity_id = a.entity_id WHERE a.alias_norm IN ({placeholders(len(names))}) "
                f"AND x.event_id IN ({placeholders(len(event_ids))})", [*names, *event_ids]).fetchall()
        except Exception as exc:  # noqa: BLE001 - L2 schema drift must not break the query
            log.warning("anchor entity links unavailable: %s", exc)
            return set()
        return {r[0] for r in rows}

    def _drop_about_anchor(self, plan: QueryPlan, trace: tr.QueryTrace, findings: list[Finding],
                           by_id: Mapping[str, "Candidate"]) -> list[Finding]:
        """Keep what is *about the anchor* out of the answer candidates: in "what did I buy before
        the air fryer", "I just bought an air fryer" (or 我新买了一个空气炸锅, the same purchase in
        the other language) is the reference point. Judged per finding: it names the anchor's
        thing — a lexicon name or its translation, or L2 links it to the anchor's entity — and
        nothing the question asks for (``evidence.about_anchor``)."""
        if plan.anchor is None:
            return findings
        linked = self._anchor_linked(plan, [f.event_id for f in findings])
        kept: list[Finding] = []
        for f in findings:
            ev = by_id.get(f.event_id)
            content = ev.content if ev is not None else f.content
            answers = plan.anchor.answers and f.event_id == plan.anchor.event_id
            if not answers and about_anchor(plan, content, linked=f.event_id in linked):
                trace.cuts[f.event_id] = {"stage": tr.CUT_ANCHOR_ENTITY, "detail": (
                    f"about the anchor {plan.anchor.text!r} and nothing else the question asks for "
                    f"(the reference point, not an answer)")}
                continue
            kept.append(f)
        return kept

    @staticmethod
    def _relevance_floor(trace: tr.QueryTrace, findings: list[Finding]) -> list[Finding]:
        """Answer-facing findings keep what is at least ``RELEVANCE_FLOOR`` as relevant as the top
        finding. Relevance = the finding's score relative to the best of its own list (scores of
        different lists are not comparable) times what its evidence is worth
        (``policy.EVIDENCE_RELEVANCE``: a finding that does not name what the question asks for
        is similarity only). So under a direct or indirect answer, a music play sharing the word
        "live" with "where do I live" is cut; when nothing names the target, the floor is
        score-based. A finding whose evidence is at least as strong as the top one's (and not weak)
        is never cut: it is an answer candidate too. Cut findings stay in the trace (stage
        ``relevance_floor``)."""
        if not findings:
            return findings

        def worth(f: Finding) -> float | None:
            if f.relevance is None:
                return None
            return f.relevance * EVIDENCE_RELEVANCE.get(f.evidence_strength, 1.0)

        top = worth(findings[0])
        if top is None or top <= 0:
            return findings
        strength_rank = {WEAK: 0, INDIRECT: 1, DIRECT: 2}
        top_strength = strength_rank.get(findings[0].evidence_strength, 0)
        kept = [findings[0]]
        for f in findings[1:]:
            w = worth(f)
            rank = strength_rank.get(f.evidence_strength, 0)
            # naming the target at least as well as the top finding is never noise (scores are
            # lexical and language-biased: 高压锅 scores low for an English question)
            names_as_well = rank > top_strength or (rank == top_strength and f.evidence_strength != WEAK)
            if w is not None and w < RELEVANCE_FLOOR * top and not names_as_well:
                key = f.event_id if f.layer == "l1" else _layer_key(f.layer, f.kind, f.hit_id)
                trace.cuts.setdefault(key, {"stage": tr.CUT_RELEVANCE, "detail": (
                    f"relevance {w:.2f} ({f.evidence_strength} evidence, score {f.relevance:.2f} of its "
                    f"list's best) is below {RELEVANCE_FLOOR:.2f} of the top finding's ({top:.2f})"),
                    **({} if f.layer == "l1" else {"event_ids": list(f.event_ids)})})
                continue
            kept.append(f)
        return kept

    def _soften_empty_window(self, plan: QueryPlan) -> bool:
        """True when the question's hard window holds no event the mode may see; a window parsed
        from the question is then made soft *before* the paths run.

        Why before: the vector, category and concept paths apply a hard window inside their own
        search, so over an empty period they return nothing and only the unwindowed BM25 list
        reached fusion ("the camping trip last year", told this year, lost its semantic match).
        The time words then describe when it happened, not when it was recorded; the temporal
        path still favours the period and the hints say it is empty. A caller's explicit range
        and an anchor's bound stay hard: those are instructions, not wording."""
        if not self._window_empty(plan):
            return False
        w = plan.time_window
        if w is not None and w.source != "caller" and plan.anchor is None:
            plan.time_window = TimeWindow(w.start, w.end, w.source, hard=False)
        return True

    def _window_empty(self, plan: QueryPlan) -> bool:
        """The asked period holds no event the mode may see (an index range look-up)."""
        w = plan.time_window
        if w is None or not w.hard or (w.start is None and w.end is None):
            return False
        scopes = sorted(s.value for s in plan.allowed_scopes)
        row = self.db.read_one(
            f"SELECT 1 FROM fact_events WHERE occurred_at >= ? AND occurred_at < ? AND l1_retrieval_scope IN "
            f"({placeholders(len(scopes))}) LIMIT 1",
            (w.start if w.start is not None else float("-inf"), w.end if w.end is not None else float("inf"), *scopes))
        return row is None

    def _anchor_entry(self, plan: QueryPlan) -> dict[str, Any] | None:
        """The anchor event for the timeline (where "before"/"after" is measured from)."""
        if plan.anchor is None or plan.anchor.event_id is None:
            return None
        row = self.db.read_one("SELECT event_id, occurred_at, author_type, content FROM fact_events "
                               "WHERE event_id = ?", (plan.anchor.event_id,))
        return dict(row) if row else None

    def _linked_entities(self, findings: Sequence[Finding]) -> dict[str, list[dict[str, Any]]]:
        ids = [f.event_id for f in findings if f.layer == "l1"]
        if not ids:
            return {}
        conn = self.db.reader()
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'l1_event_entities'"
                            ).fetchall():
            return {}
        try:
            rows = query_all(conn, f"SELECT x.event_id, x.entity_id, x.entity_type, c.canonical_name AS name "
                                   f"FROM l1_event_entities x JOIN entity_catalog c ON c.entity_id = x.entity_id "
                                   f"WHERE x.event_id IN ({placeholders(len(ids))})", ids)
        except Exception as exc:  # noqa: BLE001 - L2 schema drift must not break the package
            log.warning("entity refs unavailable: %s", exc)
            return {}
        out: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            out.setdefault(r["event_id"], []).append(r)
        return out

    def _probe_paths(self, trace: tr.QueryTrace, row: dict[str, Any]) -> dict[str, Any]:
        """For "why not X": would each lexical/vector path match this event, and how well?"""
        probe: dict[str, Any] = {}
        conn = self.db.reader()
        seq = row["seq"]
        for name in ("bm25", "temporal_bm25", "category"):
            p = trace.paths.get(name)
            expr = (p.info or {}).get("match") if p else None
            if not expr:
                continue
            got = conn.execute("SELECT bm25(fact_events_fts) FROM fact_events_fts WHERE fact_events_fts "
                               "MATCH ? AND rowid = ?", (expr, seq)).fetchall()
            if not got:
                probe[name] = {"matches": False}
                continue
            better = conn.execute(
                "SELECT count(*) FROM fact_events_fts f CROSS JOIN fact_events e ON e.seq = f.rowid "
                f"WHERE fact_events_fts MATCH ? AND bm25(fact_events_fts) < ? AND e.l1_retrieval_scope IN "
                f"({placeholders(len(trace.scopes))})", (expr, got[0][0], *trace.scopes)).fetchone()[0]
            probe[name] = {"matches": True, "score": -float(got[0][0]), "would_rank": int(better) + 1,
                           "fetch_k": PATH_FETCH_K}
        kw = trace.paths.get("keyword")
        if kw and kw.info.get("terms"):
            probe["keyword"] = {"coverage": round(coverage(row["content"], kw.info["terms"]), 3)}
        vp = trace.paths.get("vector")
        vi = self.vector_index()
        if vp is not None and vi is not None and not vp.skipped:
            qv = self._embed(trace.query, tr.QueryTrace(trace.query, trace.mode, ""))
            chunk_ids = [r[0] for r in conn.execute(
                "SELECT chunk_id FROM event_chunks WHERE event_seq = ? AND space_id = ?", (seq, vi.space_id))]
            if qv is None or not chunk_ids:
                probe["vector"] = {"embedded": bool(chunk_ids)}
            else:
                sims = vi._exact_similarities(qv / np.linalg.norm(qv), chunk_ids)
                best = max(sims.values()) if sims else None
                cutoff = vp.candidates[-1]["score"] if len(vp.candidates) >= PATH_FETCH_K else None
                probe["vector"] = {"similarity": None if best is None else round(best, 4),
                                   "path_cutoff_similarity": cutoff}
        return probe

    # -- parallel runner -----------------------------------------------------------------------

    def _run_parallel(self, coro_factory: Callable[[], Any]) -> Any:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(coro_factory())
        # called from a thread with a running loop (e.g. a GUI thread): never block it
        # re-entrantly; run the gather on a helper thread instead
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["value"] = asyncio.run(coro_factory())
            except BaseException as exc:  # noqa: BLE001
                box["error"] = exc

        th = threading.Thread(target=target, name="magi-retrieval-query")
        th.start()
        th.join()
        if "error" in box:
            raise box["error"]
        return box["value"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """An L1 row as retrieval needs it (``StoredEvent`` minus metadata and tags)."""

    seq: int
    event_id: str
    occurred_at: float
    event_type: str
    source: str
    session_id: str | None
    user_id: str
    author_type: str
    content: str
    content_type: str
    memory_domain: str
    evidence_class: str
    l1_retrieval_scope: str
    #: the named person who said it (a chat line's ``speaker``; None for the user's own words)
    speaker: str | None = None

    COLUMNS: ClassVar[str] = ("seq, event_id, occurred_at, event_type, source, session_id, user_id, "
                              "author_type, content, content_type, memory_domain, evidence_class, "
                              "l1_retrieval_scope, json_extract(metadata_json, '$.speaker')")


class VectorCacheWorker:
    """Keeps the vector prefilter cache built and current in the background (large stores only)."""

    name = "vector_cache"
    idle_interval_s = 30.0

    def __init__(self, service: RetrievalService) -> None:
        self.service = service

    def run_once(self) -> int:
        vi = self.service.vector_index()
        return vi.refresh_if_large() if vi is not None else 0


class VectorCacheDeletion:
    """Deletion participant: the numpy vector cache is derived data too (preview == apply)."""

    name = "retrieval_vector_cache"
    order = 90

    def __init__(self, service: RetrievalService) -> None:
        self.service = service

    def _count(self, target: Any) -> int:
        total = 0
        for vi in list(self.service._vector_indexes.values()):
            cache = vi._cache
            if cache is not None and target.seqs:
                total += int(np.count_nonzero(
                    np.isin(cache.seqs[: cache.n], np.array(target.seqs, np.int64)) & cache.alive[: cache.n]))
        return total

    def preview(self, conn: Any, target: Any) -> dict[str, Any]:
        return {"cached_vectors": self._count(target)}

    def apply(self, conn: Any, target: Any, now: float) -> dict[str, Any]:
        report = self.preview(conn, target)
        for vi in list(self.service._vector_indexes.values()):
            vi.mark_deleted(target.seqs)
        return report


def _anchor_json(anchor: Anchor | None) -> dict[str, Any] | None:
    if anchor is None:
        return None
    return {"text": anchor.text, "direction": anchor.direction, "resolved_at": anchor.resolved_at,
            "resolved_at_iso": iso(anchor.resolved_at), "event_id": anchor.event_id, "how": anchor.how}


def _layer_key(layer: str, kind: str, hit_id: Any) -> str:
    """Trace key of a cut layer hit (event ids are the keys of L1 events)."""
    return f"{layer}:{kind}:{hit_id}"


#: a capitalised Latin name of one to three words (Box Hill, Glen Waverley) in a Chinese line
_LATIN_NAME = re.compile(r"(?<![A-Za-z])[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}(?![A-Za-z])")


def _clip(text: str) -> tuple[str, bool]:
    if len(text) <= FINDING_MAX_CHARS:
        return text, False
    return text[: FINDING_MAX_CHARS - 1] + "…", True


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 3)
