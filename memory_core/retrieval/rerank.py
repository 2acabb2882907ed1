"""The L1 reranker over the RRF top 20 (design numbers, ``policy.RERANK_*``).

RRF agrees on *relevance*; the reranker adds what ranks cannot see — who said it. The user's own
words go up (+0.35), the assistant's go down (-0.10, and long assistant monologues, which
dominate lexical and vector similarity simply by being long, lose up to a further 0.25); a
quoted phrase from the question found verbatim is strong evidence (+0.45 in a user event, only
+0.15 in an assistant event, which may just be echoing it); a small recency bonus breaks ties
toward newer events. Together with the ``fact_authoritative`` scope this keeps the assistant's
own talk from sitting on top of the answer. A question about the user ("Am I…?") lowers
statements about someone else ("My coworker is…": ``subject.py``).

RRF scores are ~1/(k+rank) (~0.016 at the head), the deltas are on a unit scale, so the fused
score is first normalised to [0, 1] over the reranked candidates — min-max, not division by the
best: with k = 60 the fused scores are flat (rank 10 still has ~60% of rank 1's score), so
dividing by the maximum would leave every candidate near 1 and let the +0.35 user bonus lift
*any* user event above the assistant's best-matching answer even in episode_recall. Min-max
keeps relevance and authorship on comparable scales. A list shorter than the head (a small store,
or a question's moment that left few lines) is scaled from 0: min-max over three candidates put
the third at 0 however close its score was to the second. Pure function: no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Sequence

from ..policy import (RERANK_ASSISTANT_LONG_CHARS, RERANK_ASSISTANT_LONG_FULL_CHARS,
                      RERANK_ASSISTANT_LONG_MAX_PENALTY, RERANK_ASSISTANT_PENALTY,
                      RERANK_FUSED_SCALE, RERANK_NOT_OWN_STATE, RERANK_STATE_MODEL, STATE_LINE_MIN_PROBABILITY, RERANK_OTHER_SPEAKER, RERANK_STATE_FAMILY, RERANK_STATE_STATEMENT, RERANK_STATE_TYPED, RERANK_OTHER_SUBJECT, RERANK_PLAN_NOT_BEGUN, RERANK_QUOTE_HIT_ASSISTANT,
                      RERANK_SEMANTIC_BEST, RERANK_QUOTE_HIT_USER,
                      RERANK_RECENCY_HALF_LIFE_DAYS, RERANK_RECENCY_MAX_BONUS, RERANK_TOP_N,
                      RERANK_USER_BONUS)
from .state_statement import (HELD_THING_FAMILIES, LOWERING_REASONS, SOMEONE_ELSE, WEIGHED, change_at, family_word_at,
                              judged_at, not_begun, not_gotten, not_own_state, own_word_at, statement_word, used_or_seen)
from .subject import other_speaker, other_subject


@dataclass(frozen=True, slots=True)
class RerankCandidate:
    key: Hashable
    fused: float
    author_type: str
    content: str
    occurred_at: float
    speaker: str | None = None
    #: the line names a thing of the kind the asked state's answer is (an organisation for the
    #: employer), as the entity index knows it
    names_answer: bool = False
    #: the state-line model's probability that the line tells the asked family's state
    #: (``state_lines``; None when there is no model for the embedder or no vector of the line alone)
    state_p: float | None = None


@dataclass(slots=True)
class Reranked:
    key: Hashable
    fused: float
    base: float  # min-max normalised fused score over the reranked head (0..1)
    deltas: dict[str, float] = field(default_factory=dict)
    score: float = 0.0
    reranked: bool = True
    rank_before: int = 0  # 1-based fused rank


def author_delta(author_type: str, speaker: str | None = None) -> float:
    """The user's own words go up; a chat line of somebody else (``speaker``) is not the user's
    words although it came in on the user's side of a chat."""
    if author_type == "user" and not speaker:
        return RERANK_USER_BONUS
    if author_type == "assistant":
        return RERANK_ASSISTANT_PENALTY
    return 0.0


def length_penalty(author_type: str, n_chars: int) -> float:
    """Assistant text over 240 chars: linear down to the maximum penalty at the 'full' length."""
    if author_type != "assistant" or n_chars <= RERANK_ASSISTANT_LONG_CHARS:
        return 0.0
    span = RERANK_ASSISTANT_LONG_FULL_CHARS - RERANK_ASSISTANT_LONG_CHARS
    frac = min(1.0, (n_chars - RERANK_ASSISTANT_LONG_CHARS) / span)
    return RERANK_ASSISTANT_LONG_MAX_PENALTY * frac


def quote_delta(author_type: str, content: str, quoted: Sequence[str]) -> float:
    """Once per event that contains any quoted phrase of the question (design: "per event")."""
    if not quoted:
        return 0.0
    lowered = content.lower()
    if not any(q.strip() and q.lower().strip() in lowered for q in quoted):
        return 0.0
    if author_type == "user":
        return RERANK_QUOTE_HIT_USER
    if author_type == "assistant":
        return RERANK_QUOTE_HIT_ASSISTANT
    return RERANK_QUOTE_HIT_ASSISTANT  # external/system text quoting the phrase: weak support


def recency_bonus(occurred_at: float, now: float) -> float:
    age_days = max(0.0, now - occurred_at) / 86400.0
    return RERANK_RECENCY_MAX_BONUS * 0.5 ** (age_days / RERANK_RECENCY_HALF_LIFE_DAYS)


def subject_delta(about_user: bool, content: str) -> float:
    """A question about the user lowers a statement about somebody else (``subject.py``)."""
    return RERANK_OTHER_SUBJECT if about_user and other_subject(content) else 0.0


def speaker_delta(about_speaker: str | None, speaker: str | None, content: str) -> float:
    """A question about a named person lowers what somebody else said, unless it names them
    (``subject.other_speaker``)."""
    if about_speaker is None or not other_speaker(about_speaker, speaker, content):
        return 0.0
    return RERANK_OTHER_SPEAKER


def state_delta(state_question: bool, state_family: str | None, c: RerankCandidate, as_of: float | None = None) -> float:
    """A question about the user's current state lowers a line that is somebody else's word or
    tells no state of the user's (``state_statement.not_own_state``: LOWERING_REASONS) and, by
    less, a plan whose day is after ``as_of`` (``not_begun``); leaves a change weighed and a thing
    used or seen (``used_or_seen``) as they are, and lifts the user's own line that speaks of the family asked about
    (``state_statement.family_word_at``, or the state-line model at ``STATE_LINE_MIN_PROBABILITY``)
    — or, by less, one that tells it in passing (``statement_word``) or names a thing of the
    answer's kind (``names_answer``). Where the model read the line, its probability moves the
    lift either way (``RERANK_STATE_MODEL``): "study tips for the chem test" has the school's word
    and tells no school, "first day of grade 10 at Point Grey" tells it."""
    if not state_question:
        return 0.0
    at = family_word_at(c.content, state_family)
    why = not_own_state(c.content, speaker=c.speaker, author_type=c.author_type, family=state_family,
                        at=at if at is not None else judged_at(c.content, state_family))
    if why == SOMEONE_ELSE and c.author_type == "user" and not c.speaker and \
            (own := own_word_at(c.content, state_family, at)) is not None:
        # 我老伴信佛多年，一直吃素，我平日里还是吃荤的: somebody else's state first, the user's after
        at, why = own
    if why in LOWERING_REASONS:
        return RERANK_NOT_OWN_STATE
    if why == WEIGHED:
        # "thinking about applying to UPS seasonal?", 真想去蔚来试试 不过也就想想: a change weighed
        # names the family and a company, yet tells no state — not lowered, never lifted
        return 0.0
    if as_of is not None and not_begun(c.content, c.occurred_at, as_of, at=at, family=state_family):
        # "Lease is signed! We're moving to Denver at the end of next month", asked before the end
        # of next month (``as_of``: the question's moment): a plan whose day has not come tells the
        # family and no state of it yet — below the state held
        return RERANK_PLAN_NOT_BEGUN
    if state_family in HELD_THING_FAMILIES and (used_or_seen(c.content) or not_gotten(c.content)) and \
            change_at(c.content, state_family) is None:
        # "Test drove a Rivian R1T at the mall pop-up just for fun", 租了辆凯美瑞, 看了只柯基…最后还是没买:
        # a thing used, seen or looked at and not got names the family's kind of thing, yet is none
        # the user has — never lifted
        return 0.0
    if c.author_type != "user" or c.speaker:
        return 0.0
    model = RERANK_STATE_MODEL * (c.state_p - 0.5) if c.state_p is not None and state_family else 0.0
    if state_family and (at is not None or (c.state_p is not None and c.state_p >= STATE_LINE_MIN_PROBABILITY)):
        return RERANK_STATE_FAMILY + model
    # a word of the job in passing and the employer's name add up ("I drive DoorDash full time now")
    return (RERANK_STATE_STATEMENT if statement_word(c.content, state_family) else 0.0) + \
        (RERANK_STATE_TYPED if c.names_answer else 0.0) + model


def rerank(candidates: Sequence[RerankCandidate], *, quoted: Sequence[str], now: float,
           top_n: int = RERANK_TOP_N, about_user: bool = False,
           semantic_best: Hashable | None = None, about_speaker: str | None = None,
           state_question: bool = False, state_family: str | None = None,
           as_of: float | None = None) -> list[Reranked]:
    """Rerank the first ``top_n`` candidates (in fused order); the rest follow unchanged.
    ``about_user``: the question's subject is the user (``subject.asks_about_user``);
    ``semantic_best``: the key of the clear best match in meaning (the vector path's top hit);
    ``state_question``: a current_state question about the user; ``state_family``: the state
    family it asks about, when known; ``as_of``: the moment the state is asked at (a plan dated after
    it is no state yet)."""
    head, tail = list(candidates[:top_n]), list(candidates[top_n:])
    best = max((c.fused for c in head), default=0.0)
    # a list that ran out before the head filled has nothing below its last candidate: the scale
    # starts at 0, not at that candidate ("Tax season at KPMG…", the last of three lines told by the
    # question's moment, was 0 and lost to one that shared the word "work" with the question)
    worst = min((c.fused for c in head), default=0.0) if len(candidates) >= top_n else 0.0
    span = best - worst

    def norm(fused: float) -> float:
        if span <= 0:
            return RERANK_FUSED_SCALE if best > 0 else 0.0
        return max(0.0, (fused - worst) / span) * RERANK_FUSED_SCALE

    out: list[Reranked] = []
    for i, c in enumerate(head):
        base = norm(c.fused)
        deltas = {
            "author": author_delta(c.author_type, c.speaker),
            "quote": quote_delta(c.author_type, c.content, quoted),
            "length": length_penalty(c.author_type, len(c.content)),
            "recency": recency_bonus(c.occurred_at, now),
            "subject": subject_delta(about_user, c.content),
            "speaker": speaker_delta(about_speaker, c.speaker, c.content),
            "semantic": RERANK_SEMANTIC_BEST if semantic_best is not None and c.key == semantic_best else 0.0,
            "state": state_delta(state_question, state_family, c, as_of),
        }
        deltas = {k: round(v, 6) for k, v in deltas.items() if round(v, 6)}
        out.append(Reranked(c.key, c.fused, base, deltas, base + sum(deltas.values()),
                            True, i + 1))
    out.sort(key=lambda r: (-r.score, r.rank_before))
    for j, c in enumerate(tail):
        base = norm(c.fused)
        out.append(Reranked(c.key, c.fused, base, {}, base, False, len(head) + j + 1))
    return out
