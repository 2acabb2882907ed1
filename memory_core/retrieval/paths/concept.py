"""Concept expansion: a question that names a concept ("tea", "relationship", "对象", "公益")
also searches for the family's hyponyms and typical expressions (oolong, 乌龙, broke up, 分手,
animal shelter, 志愿者 ...: ``lexicon/concepts.py``), in both languages.

The sibling of the category path, for what the small embedder does not know: that a tabby is a
cat or that "Lena and I ended things" answers "am I in a relationship?". The question's own
words, and their translations (``lexicon.categories.EQUIVALENTS``), are left out: statements
that use them are BM25's, the keyword path's and the entity path's to find — and a statement
that merely shares the question's word ("my coworker drinks tea") is exactly what this path
exists to outrank. Its fusion weight (``policy.CONCEPT_PATH_WEIGHTS``) stays below what an exact
match collects from BM25 and the vector path together, so a concept match lifts an answer the
question did not word but never buries one it did.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...lexicon.categories import equivalents, members_in
from ...lexicon.concepts import family_terms
from ...lexicon.scan import is_cjk, singular
from ...policy import CONCEPT_MATCH_FLOOR
from ...text.segment import fts_phrase
from ..plan import QueryPlan
from . import PathContext, PathResult
from .category import recent_top


def _word_forms(text: str) -> set[str]:
    """The text's Latin words, lower-cased, each with its singular."""
    out: set[str] = set()
    for w in text.lower().replace("'s", " ").split():
        w = w.strip(".,;:!?\"'()[]“”‘’")
        if w:
            out.add(w)
            sg = singular(w)
            if sg:
                out.add(sg)
    return out


def question_own_terms(question: str) -> set[str]:
    """The question's lexicon words and every translation of them (lower-cased)."""
    out: set[str] = set()
    for m, _cat in members_in(question):
        out.update(equivalents(m))
    return out


def expansion_terms(question: str, keys: Sequence[str]) -> list[str]:
    """The terms the concept path searches for: every name and expression of the named families
    except those the question already says (in its words or as a translation of them).

    Pure function. A Latin term is the question's own when all its words are in the question
    (plurals folded); a CJK term when the question contains it."""
    lowered = question.lower()
    words = _word_forms(question)
    own = question_own_terms(question)
    terms = list(dict.fromkeys(t for key in keys for t in family_terms(key)))
    for term in terms:  # a family term the question says, and its translations, are its own too
        if (is_cjk(term) and term in lowered) or (not is_cjk(term) and _all_in(term, words)):
            own.update(equivalents(term))
    return [t for t in terms if t not in own]


def _all_in(term: str, words: set[str]) -> bool:
    parts = term.split()
    return bool(parts) and all(p in words or (singular(p) or p) in words for p in parts)


def concept_scores(hits: Sequence[tuple[int, float]]) -> list[tuple[int, float]]:
    """BM25 hits → scores in [CONCEPT_MATCH_FLOOR, 1]: a statement either expresses the concept
    or not, and BM25 between *different* expressions mostly measures how rare each word is in
    the store ("ended things" scores far below "wedding"), so a match keeps most of its weight
    and BM25 only orders the matches. Pure function."""
    best = max((s for _, s in hits), default=0.0)
    if best <= 0:
        return [(seq, 1.0) for seq, _ in hits]
    return [(seq, CONCEPT_MATCH_FLOOR + (1 - CONCEPT_MATCH_FLOOR) * max(0.0, s) / best) for seq, s in hits]


class ConceptPath:
    name = "concept"
    needs_seeds = False
    reads_window = True

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if plan.concepts else "question names no concept"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = expansion_terms(ctx.plan.query, ctx.plan.concepts)
        expr = " OR ".join(p for p in (fts_phrase(t) for t in terms) if p)
        hits = recent_top(ctx, expr, ctx.fetch_k, window=ctx.hard_window) if expr else []
        hits = concept_scores(hits)
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, ceiling=1.0,
                          info={"concepts": list(ctx.plan.concepts), "terms": len(terms), "match": expr})
