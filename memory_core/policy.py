"""Every number and vocabulary of the design, in one place.

The design (``shared/DESIGN.md``) fixes these values; scattering them as literals would let two
modules silently disagree about, say, how long a stress assertion lives. Modules import the named
constant instead. Where the design gives an example and leaves the rest open (the RRF weight table,
the fourth retrieval scope), the choice and its reason are written next to the value.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Final, Mapping

# ---------------------------------------------------------------------------------------------
# Event identity vocabularies (write path step 1)
# ---------------------------------------------------------------------------------------------


class EventType(StrEnum):
    CHAT_MESSAGE = "CHAT_MESSAGE"
    ACTION_EXECUTED = "ACTION_EXECUTED"  # a tool execution: feeds L4 synchronously
    SENSOR_EVENT = "SENSOR_EVENT"  # plugin observation (browser, media, git, ...)
    RUNTIME_LOG = "RUNTIME_LOG"  # run logs: routed to the runtime trace, never to L1
    WORKING_CONTEXT = "WORKING_CONTEXT"  # L0 only


class AuthorType(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    EXTERNAL = "external"
    SYSTEM = "system"


class ContentType(StrEnum):
    UTTERANCE = "utterance"  # something a person typed
    GENERATED = "generated"  # model output
    TOOL_OUTPUT = "tool_output"
    OBSERVATION = "observation"  # sensor / plugin activity
    LOG = "log"


class MemoryDomain(StrEnum):
    CONVERSATION = "conversation"
    EXTERNAL_ACTIVITY = "external_activity"
    TOOL_EXECUTION = "tool_execution"
    RUNTIME = "runtime"


class IngestTarget(StrEnum):
    L1_ONLY = "l1_only"  # L1 row; derived layers decide later from the evidence policy
    L1_AND_L4 = "l1_and_l4"  # tool executions: L1 row + synchronous L4 statistics
    L0_ONLY = "l0_only"
    RUNTIME_TRACE = "runtime_trace"


class Route(StrEnum):
    L0 = "l0"
    L1 = "l1"
    RUNTIME_TRACE = "runtime_trace"


class RetentionClass(StrEnum):
    PERMANENT = "permanent"  # the user's own statements
    STANDARD = "standard"  # conversation turns, tool results
    COMPRESSIBLE = "compressible"  # high-volume sensor streams: summarised by L3, may be thinned
    EPHEMERAL = "ephemeral"  # L0 / runtime: expires


class EvidenceClass(StrEnum):
    """The rule classifier's 8 classes. ``EXTERNAL_OBSERVATION`` doubles as the fallback."""

    SYSTEM_RUNTIME = "system_runtime"
    TOOL_RESULT = "tool_result"
    ASSISTANT_GENERATED = "assistant_generated"
    USER_HYPOTHETICAL = "user_hypothetical"
    USER_QUESTION = "user_question"
    USER_INSTRUCTION = "user_instruction"
    USER_SELF_REPORT = "user_self_report"
    EXTERNAL_OBSERVATION = "external_observation"


EVIDENCE_FALLBACK: Final = EvidenceClass.EXTERNAL_OBSERVATION


class RetrievalScope(StrEnum):
    """``l1_retrieval_scope``: which questions may see an event.

    The design names three and leaves a fourth open; ``working_context`` is it: L0 items that
    were persisted for crash recovery but must never answer a long-term question.
    """

    FACT_AUTHORITATIVE = "fact_authoritative"
    CONVERSATION_ONLY = "conversation_only"
    AUDIT_ONLY = "audit_only"
    WORKING_CONTEXT = "working_context"


class EvidencePolicy:
    """What an evidence class may do downstream. Plain attributes, compared in tests."""

    __slots__ = ("extract_entities", "write_graph", "write_assertions", "affect_tom", "scope")

    def __init__(self, *, extract_entities: bool, write_graph: bool, write_assertions: bool,
                 affect_tom: bool, scope: RetrievalScope) -> None:
        self.extract_entities = extract_entities
        self.write_graph = write_graph
        self.write_assertions = write_assertions
        self.affect_tom = affect_tom
        self.scope = scope

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return (f"EvidencePolicy(entities={self.extract_entities}, graph={self.write_graph}, "
                f"assertions={self.write_assertions}, tom={self.affect_tom}, scope={self.scope})")

    @property
    def cognition_eligible(self) -> bool:
        """Only fact-authoritative events that may feed L2 are projected (design step 5)."""
        return self.scope is RetrievalScope.FACT_AUTHORITATIVE and self.extract_entities


_FA, _CO, _AO = (RetrievalScope.FACT_AUTHORITATIVE, RetrievalScope.CONVERSATION_ONLY,
                 RetrievalScope.AUDIT_ONLY)

EVIDENCE_POLICIES: Final[Mapping[EvidenceClass, EvidencePolicy]] = MappingProxyType({
    # The user's own statement: the only class that may write assertions and move the ToM profile.
    EvidenceClass.USER_SELF_REPORT: EvidencePolicy(
        extract_entities=True, write_graph=True, write_assertions=True, affect_tom=True, scope=_FA),
    # Sensor / plugin activity is behavioural evidence (VISITED, LISTENED_TO edges) but never a
    # preference or trait by itself: no assertions, no ToM.
    EvidenceClass.EXTERNAL_OBSERVATION: EvidencePolicy(
        extract_entities=True, write_graph=True, write_assertions=False, affect_tom=False, scope=_FA),
    # A question is not a statement: "我是不是喜欢猫" must not become LIKES(cat).
    EvidenceClass.USER_QUESTION: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_CO),
    EvidenceClass.USER_INSTRUCTION: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_CO),
    EvidenceClass.USER_HYPOTHETICAL: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_CO),
    # AI answers are kept for conversation replay but can never become user facts.
    EvidenceClass.ASSISTANT_GENERATED: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_CO),
    # Tool output feeds L4 (synchronously, by event type), not L2.
    EvidenceClass.TOOL_RESULT: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_CO),
    EvidenceClass.SYSTEM_RUNTIME: EvidencePolicy(
        extract_entities=False, write_graph=False, write_assertions=False, affect_tom=False, scope=_AO),
})

# ---------------------------------------------------------------------------------------------
# L1 storage
# ---------------------------------------------------------------------------------------------

#: Long text is split for the vector index; chunk hits fold back to their event.
CHUNK_MAX_CHARS: Final = 480
CHUNK_OVERLAP_CHARS: Final = 60
#: Rows per transaction in bulk ingest: large enough to amortise the fsync, small enough that a
#: crash loses at most one uncommitted batch (never a committed one).
INGEST_BATCH_SIZE: Final = 500
#: Embedding worker micro-batch.
EMBED_BATCH_SIZE: Final = 64
#: The offline hashing embedder's micro-batch (its ``preferred_batch``): ~0.2 ms a text, so 64
#: texts were a fifth of the worker's time in claims, commits and the other workers' idle
#: checks between its runs; at 256 a run still takes ~50 ms.
HASHING_EMBED_BATCH: Final = 256
#: Events are owed their embedding job from ingest on (a cursor over ``fact_events.seq``, per
#: space); the worker writes the job rows of this many owed events at a time, when its queue
#: has less than a micro-batch ready. Ingest writes no job row: that was ~0.25x of the raw
#: SQLite+FTS5 baseline's cost per event (docs/benchmarks.md, Ingest).
EMBED_JOBS_MATERIALISE: Final = 512
#: A chat message is embedded with the end of the message before it in its session: replies
#: ("Yes, it was amazing!", "Only on weekends") mean little alone. LoCoMo conversations 1-3,
#: multilingual-e5-small alone, turn recall@5: 0.475 without, 0.582 with the whole previous turn
#: (docs/retrieval-eval.md). Capped so a passage costs at most ~1.5x the tokens.
EMBED_CONTEXT_CHARS: Final = 160
#: The conversation-context index (``l1/context_index.py``): every event's text with, for a chat
#: message, up to this many characters of the message before it in its session, in a second
#: full-text index the ``context_bm25`` path ranks. BM25 over a reply alone misses the question
#: it answers ("Yup, we just did it yesterday!"). LoCoMo turn R@5 with the path beside plain
#: BM25, conversations 1-3 (tuning): 0.804 -> 0.812 / 0.815 / 0.822 / 0.822 for 160 / 80 / 300 /
#: 2000 characters; 300 chosen, then held-out 4-10 read once: 0.741 -> 0.763 (docs/retrieval-eval.md).
CONTEXT_INDEX_CHARS: Final = 300
#: events indexed per run of the context-index worker (one write transaction)
CONTEXT_INDEX_BATCH: Final = 500
#: The ``context_bm25`` path's fusion weight, as a fraction of the mode's BM25 weight (1–3: 0.820
#: at 0.6 and 1.5, 0.822 at 1.0).
CONTEXT_BM25_WEIGHT: Final = 1.0
#: Planner statistics: ``PRAGMA optimize`` after this many write transactions (and on open),
#: each ANALYZE sampling at most ``ANALYSIS_LIMIT`` rows per index so it stays milliseconds at 1M.
OPTIMIZE_EVERY_COMMITS: Final = 200
ANALYSIS_LIMIT: Final = 400

#: Job queues (embedding, L2 projection, snapshot refresh): retry with exponential backoff.
JOB_MAX_ATTEMPTS: Final = 4
JOB_BACKOFF_BASE_S: Final = 2.0
JOB_BACKOFF_MAX_S: Final = 300.0
#: A job owner (one process) that has not claimed anything for this long while it still holds
#: running jobs is treated as gone even if a process with its pid exists (pid reuse, a hung
#: process). A live owner's jobs are never reclaimed before this, whoever opens the store.
JOB_OWNER_LEASE_S: Final = 900.0

#: The on-disk purge after deletions (FTS5 optimize + TRUNCATE checkpoint: ~0.5 s at 100k
#: events) runs once deletions pause for this long, so deleting 20 rows one by one in the GUI
#: pays it once, not 20 times ...
PURGE_DEBOUNCE_S: Final = 1.5
#: ... and at the latest this long after the first deletion it covers, however busy.
PURGE_MAX_DELAY_S: Final = 10.0
#: How long one attempt waits for readers holding an old snapshot before it reports "pending"
#: (the writer is blocked meanwhile, so it is short; the worker retries).
PURGE_BUSY_TIMEOUT_MS: Final = 250

# ---------------------------------------------------------------------------------------------
# Retrieval (memory_query)
# ---------------------------------------------------------------------------------------------


class QueryMode(StrEnum):
    EXACT_FACT = "exact_fact"
    CURRENT_STATE = "current_state"
    TEMPORAL_COMPARE = "temporal_compare"
    SUMMARY = "summary"
    ACTIVITY_SUMMARY = "activity_summary"
    STRATEGY = "strategy"
    EPISODE_RECALL = "episode_recall"
    CROSS_SESSION = "cross_session"
    EVENT_STREAM = "event_stream"


#: Fact-type modes see only fact_authoritative evidence; episode_recall and cross_session are
#: unrestricted over the long-term scopes (audit_only / working_context stay out of every mode).
MODE_SCOPES: Final[Mapping[QueryMode, frozenset[RetrievalScope]]] = MappingProxyType({
    **{m: frozenset({_FA}) for m in (
        QueryMode.EXACT_FACT, QueryMode.CURRENT_STATE, QueryMode.TEMPORAL_COMPARE,
        QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY, QueryMode.STRATEGY)},
    QueryMode.EPISODE_RECALL: frozenset({_FA, _CO}),
    QueryMode.CROSS_SESSION: frozenset({_FA, _CO}),
    # event_stream replays "what happened": facts and conversation alike.
    QueryMode.EVENT_STREAM: frozenset({_FA, _CO}),
})

#: Fact modes drop chat artifacts (the question itself, the assistant's previous answer).
FACT_MODES: Final = frozenset({
    QueryMode.EXACT_FACT, QueryMode.CURRENT_STATE, QueryMode.TEMPORAL_COMPARE})

RRF_K: Final = 60  # the usual RRF constant (Cormack et al.): dampens the head of each list

# Path names used in weight tables and traces.
PATH_BM25 = "bm25"
PATH_VECTOR = "vector"
PATH_KEYWORD = "keyword"
PATH_TEMPORAL_BM25 = "temporal_bm25"
PATH_CONTEXT_BM25 = "context_bm25"  # BM25 over each message with the one before it (l1/context_index.py)
PATH_ENTITY = "entity"
PATH_GRAPH = "graph"
PATH_CATEGORY = "category"  # lexicon category expansion ("kitchen appliance" -> 高压锅, air fryer)
STRUCTURED_PATHS: Final = frozenset({PATH_ENTITY, PATH_GRAPH, PATH_CATEGORY})

#: Weighted RRF per mode. The three rows the design fixes are exact; the rest are chosen:
#: - current_state: the newest structured evidence wins, so entity/graph lead and the temporal
#:   path (recent window) is trusted like BM25.
#: - temporal_compare: the window and anchor carry the question, so temporal BM25 leads; entity
#:   expansion finds the same-category items around the anchor.
#: - summary / activity_summary: L3 answers first; on L1 the broad lexical paths matter more
#:   than precise entities (many events, one theme).
#: - strategy: tool names are literal, so BM25/keyword dominate; vectors help for paraphrase.
#: - cross_session: the same entity across sessions is the point: entity high, graph next.
#: - event_stream: no structured paths at all (design).
#: The keyword path (substring coverage) counts half of what it first did except in strategy mode:
#: for natural-language questions it is a coarse copy of BM25 (LoCoMo tuning conversations, keyword
#: path alone: session R@5 0.79 vs BM25 0.91) — its job is the literal identifiers strategy asks about.
RRF_WEIGHTS: Final[Mapping[QueryMode, Mapping[str, float]]] = MappingProxyType({
    QueryMode.EXACT_FACT: MappingProxyType({
        PATH_ENTITY: 1.2, PATH_VECTOR: 1.0, PATH_BM25: 0.8, PATH_KEYWORD: 0.3,
        PATH_TEMPORAL_BM25: 0.8, PATH_GRAPH: 0.9, PATH_CATEGORY: 1.0}),
    QueryMode.CURRENT_STATE: MappingProxyType({
        PATH_ENTITY: 1.2, PATH_GRAPH: 1.0, PATH_VECTOR: 0.9, PATH_BM25: 0.8, PATH_KEYWORD: 0.25,
        PATH_TEMPORAL_BM25: 0.8, PATH_CATEGORY: 0.8}),
    QueryMode.TEMPORAL_COMPARE: MappingProxyType({
        PATH_TEMPORAL_BM25: 1.2, PATH_ENTITY: 1.0, PATH_VECTOR: 0.9, PATH_BM25: 0.7,
        PATH_KEYWORD: 0.3, PATH_GRAPH: 0.8, PATH_CATEGORY: 1.2}),
    QueryMode.SUMMARY: MappingProxyType({
        PATH_BM25: 1.0, PATH_VECTOR: 1.0, PATH_TEMPORAL_BM25: 1.0, PATH_KEYWORD: 0.3,
        PATH_ENTITY: 0.6, PATH_GRAPH: 0.4, PATH_CATEGORY: 0.6}),
    QueryMode.ACTIVITY_SUMMARY: MappingProxyType({
        PATH_TEMPORAL_BM25: 1.2, PATH_BM25: 0.9, PATH_VECTOR: 0.9, PATH_KEYWORD: 0.3,
        PATH_ENTITY: 0.6, PATH_GRAPH: 0.4, PATH_CATEGORY: 0.6}),
    QueryMode.STRATEGY: MappingProxyType({
        PATH_BM25: 1.1, PATH_KEYWORD: 1.0, PATH_VECTOR: 0.7, PATH_TEMPORAL_BM25: 0.7,
        PATH_ENTITY: 0.6, PATH_GRAPH: 0.3, PATH_CATEGORY: 0.3}),
    QueryMode.EPISODE_RECALL: MappingProxyType({
        PATH_VECTOR: 1.2, PATH_BM25: 0.9, PATH_TEMPORAL_BM25: 1.0, PATH_KEYWORD: 0.25,
        PATH_ENTITY: 0.6, PATH_GRAPH: 0.5, PATH_CATEGORY: 0.5}),
    QueryMode.CROSS_SESSION: MappingProxyType({
        PATH_ENTITY: 1.2, PATH_VECTOR: 1.0, PATH_BM25: 0.9, PATH_GRAPH: 0.9, PATH_KEYWORD: 0.25,
        PATH_TEMPORAL_BM25: 0.8, PATH_CATEGORY: 0.7}),
    QueryMode.EVENT_STREAM: MappingProxyType({
        PATH_BM25: 1.0, PATH_VECTOR: 1.0, PATH_KEYWORD: 0.35, PATH_TEMPORAL_BM25: 1.0}),
})

#: Each path fetches this many candidates before fusion.
PATH_FETCH_K: Final = 50
#: Reranker: over the RRF top 20 (design).
RERANK_TOP_N: Final = 20
RERANK_USER_BONUS: Final = 0.35
RERANK_ASSISTANT_PENALTY: Final = -0.10
RERANK_QUOTE_HIT_USER: Final = 0.45
RERANK_QUOTE_HIT_ASSISTANT: Final = 0.15
RERANK_ASSISTANT_LONG_CHARS: Final = 240
RERANK_ASSISTANT_LONG_MAX_PENALTY: Final = -0.25
#: Length at which the assistant length penalty reaches its maximum (linear in between).
RERANK_ASSISTANT_LONG_FULL_CHARS: Final = 1200
#: "Small recency bonus": at most this much, halving every RECENCY_HALF_LIFE_DAYS before `now`.
RERANK_RECENCY_MAX_BONUS: Final = 0.05
RERANK_RECENCY_HALF_LIFE_DAYS: Final = 30.0
#: RRF scores are ~1/(k+rank) (≈0.016 at the head); the reranker's additive deltas are on a unit
#: scale, so the fused score is normalised to [0, 1] over the candidate list before adding.
RERANK_FUSED_SCALE: Final = 1.0
#: A question about the user ("Am I still drinking coffee?") lowers statements whose subject is
#: somebody else ("My coworker is still drinking coffee"): lexical and small-model similarity
#: cannot see whose fact it is (retrieval/subject.py). Half the user bonus: it reorders close
#: candidates, it does not bury a strong match.
RERANK_OTHER_SUBJECT: Final = -0.3
#: A current_state question about the user ("Where do I work now?") lowers a line that is not the
#: user's own word on a state (retrieval/state_statement.py: another speaker's, a relative's news,
#: a hypothetical, a change called off; not a question, which may still tell the state) below every line that is: more than
#: the whole fused scale plus the user bonus, so it answers only when nothing else does.
RERANK_NOT_OWN_STATE: Final = -1.5
#: … and lowers the user's plan whose date is after the question's moment ("We're moving to Denver
#: at the end of next month", "Classes start September 2", 6月28号搬过去, asked before it): no state
#: yet, below the user's own line on the state held (which the family word lifts by
#: RERANK_STATE_FAMILY) even from the top of the fused scale — but not as far as another's words:
#: with no other line on the family, the plan still answers.
RERANK_PLAN_NOT_BEGUN: Final = -1.0
#: … and lifts the user's own line that speaks of the family asked about ("我和阿杰在一起一周年" for
#: 我现在的男朋友是谁？) over chat that shares only the question's small words or is newer: the
#: whole fused scale. It was half (so a much better match would still win) until stop 40: the
#: lines that won that way were mostly the small model's near misses ("good paneer dish for a
#: dinner party" over "I've been vegetarian since college" for "still veg?"). Measured on 34
#: scenario sets with hashing, against 0.5: 0.75 +4 / -2 scenarios, 1.0 +8 / -4; with the
#: default offline model on eight sets, 1.0 +4 / -0.
RERANK_STATE_FAMILY: Final = 1.0
#: … and, by half as much, the user's own line that names a thing of the kind the family's answer
#: is though no word of the family ("4 years at Infosys Chennai…" for "which company am I at?";
#: retrieval/paths/entity.py STATE_TYPED_FAMILIES, read from the entity index)
RERANK_STATE_TYPED: Final = 0.25
#: … and by as much the user's own line that tells the state by a word of it in passing
#: (retrieval/state_statement.py STATEMENT_WORDS: "full time", 年终奖); both together add up
RERANK_STATE_STATEMENT: Final = 0.25
#: … for these families only: "which company am I at?" is answered by a line naming an
#: organisation though it shares no word with the question ("4 years at Infosys Chennai…"; the
#: entity path fetches such lines too). Only the employer: homes and partners (places, people)
#: fill every chat, and with schools and pets the lines found this way lost as many scenarios as
#: they won (stop 39).
STATE_TYPED_FAMILIES: Final = ("work",)
#: A question that names one chat speaker ("What has Melanie painted?") lowers lines said by
#: somebody else that do not name that person (retrieval/subject.py ``other_speaker``): in an
#: imported conversation both people share every topic, and a lexical or small-model match
#: cannot see who is talking. Mirrors the user bonus; it reorders, it never drops. On LoCoMo
#: 1,365 questions name one speaker and 97 % of their evidence is that speaker's own lines;
#: conversations 1-3 turn R@5 0.775 -> 0.796 (-0.2: 0.791, -0.5: 0.804; held-out in
#: docs/retrieval-eval.md).
RERANK_OTHER_SPEAKER: Final = -0.35
#: The vector path's best hit, when it is a clear semantic match (``SEMANTIC_EVIDENCE_COSINE``),
#: gets this much: one candidate, the one closest in meaning, against lexical coincidences
#: ("We watched a wedding movie" over "我姐姐的婚礼在苏州办的" for "Where was my sister's
#: wedding?"). Paraphrase set R@1 0.258 -> 0.342, R@5 unchanged; LoCoMo 1-3 turn R@5 unchanged,
#: NDCG@10 0.586 -> 0.572. The threshold is high because e5 favours the question's own language
#: (a Chinese question's best match at 0.815 was an unrelated Chinese sentence).
RERANK_SEMANTIC_BEST: Final = 0.35

#: A chat question among the fused head lends its score to the message that answers it
#: (retrieval/dialogue.py): the reply gets ``REPLY_LIFT`` x the prompt's fused score when that is
#: more than its own, and the prompt keeps ``PROMPT_KEEP`` of its own (a question is not
#: evidence; its answer is). Only the first ``REPLY_LIFT_HEAD`` fused candidates are read.
#: LoCoMo 1-3 turn R@5 0.736 -> 0.768 (lift 1.0), 0.775 (+ keep 0.85); lift 0.75: 0.757, keep
#: 0.7: 0.757, head 15/30/50 equal.
REPLY_LIFT: Final = 1.0
PROMPT_KEEP: Final = 0.85
REPLY_LIFT_HEAD: Final = 30
#: Session prior of chat retrieval (retrieval/session_prior.py): every chat line gets
#: ``SESSION_PRIOR_WEIGHT`` x its conversation's relevance (the sum of its best
#: ``SESSION_PRIOR_TOP_M`` fused scores among the first ``SESSION_PRIOR_HEAD``, normalised by the
#: best conversation's). LoCoMo 1-3 turn R@5 0.799 -> 0.804 for weights 0.25-0.6 and top_m 1-5.
SESSION_PRIOR_WEIGHT: Final = 0.4
SESSION_PRIOR_TOP_M: Final = 3
SESSION_PRIOR_HEAD: Final = 50

#: Answer package: findings kept and tokens allowed (≈4 chars per token for budgeting).
DEFAULT_QUERY_LIMIT: Final = 10
TOKEN_BUDGET: Final = 1800
CHARS_PER_TOKEN: Final = 4
#: Below this normalised fused score a finding is weak; with no finding above it, the package
#: says insufficient_evidence.
EVIDENCE_STRONG_SCORE: Final = 0.6
EVIDENCE_WEAK_SCORE: Final = 0.25
#: A summary whose window and the asked period each cover at least this fraction of the other (and
#: which cites an event inside the asked period) is a direct answer to a period question.
EVIDENCE_WINDOW_FIT_DIRECT: Final = 0.5
#: Answer-facing findings end where relevance (a finding's score relative to the best candidate of
#: its own list) falls below this fraction of the top finding's; the rest stay in the trace.
RELEVANCE_FLOOR: Final = 0.3
#: What a finding's evidence is worth for that relevance: one that does not name what the question
#: asks for (weak: similarity only) counts a fifth, so under an answer that names it, it is cut.
EVIDENCE_RELEVANCE: Final[Mapping[str, float]] = MappingProxyType({"direct": 1.0, "indirect": 0.8, "weak": 0.2})
#: current_state: at most this many later statements about the top finding's entities go above it
#: (retrieval/newer_state.py), newest first; how many later events of one entity are read for it
NEWER_STATE_MAX_LIFTS: Final = 2
#: current_state: a later line lifted only for the state-line model's reading or the top's thing
#: named again, told within this many days after a line that tells a change, goes below it — a
#: follow-up on the new state ("second week at the new place…": 1–55 days after in the blind
#: sets); later than that it is as often the next change told in passing (1–2 years after in the
#: long histories of tg / tj)
NEWER_STATE_FOLLOW_UP_DAYS: Final = 90
#: … but a line that declines another after a loss ("Not ready for another dog yet", 暂时不想再养了)
#: refers back to a loss told up to this many days before it
DECLINED_AFTER_LOSS_DAYS: Final = 365
#: current_state: the user's next line in the session, within this many seconds, continues a
#: first finding that is a burst's first message (at most ``CONTINUATION_BURST_CHARS``:
#: "处对象了😁" then "叫乌兰 幼儿园老师…") or that the assistant answered with a question the
#: user then answered ("we just moved…" / "Which town?" / "Ennis, Co Clare"): shown as one finding
#: with both events (retrieval/continuation.py)
CONTINUATION_GAP_S: Final = 300
CONTINUATION_BURST_CHARS: Final = 12
#: … an answer to the assistant's question opens with a short sentence: a place, a name, a date
CONTINUATION_ANSWER_CHARS: Final = 60
#: current_state, a question naming only the thing ("am I still at Safaricom?"): how many of the
#: best fused candidates are read for the state family they speak of (retrieval/named_family.py)
NAMED_FAMILY_LINES: Final = 3
#: current_state: how many ends a state's lifecycle is followed through ("Cisco" → ended by the
#: move to Juniper → Juniper ended by a layoff)
NEWER_STATE_CHAIN_STEPS: Final = 3
NEWER_STATE_SCAN: Final = 50
#: current_state, the state-line model (retrieval/state_lines.py, on the bundled e5 vectors): a
#: line it scores at least this likely to tell the asked family's state is lifted in the reranker
#: as a line with a word of the family is (RERANK_STATE_FAMILY) …
STATE_LINE_MIN_PROBABILITY: Final = 0.7
#: … and wherever the model read a line, (p - 0.5) times this is added to the line's state lift:
#: a line with the family's word that the model is sure tells no state ("study tips for the chem
#: test") loses half the lift, one it is sure tells the state gains as much
RERANK_STATE_MODEL: Final = 1.0
#: … and a later line lifted above an older top finding for a weak reason (a shared topic word, an
#: entity named again) is not, when the model gives it less than this
STATE_LINE_NO_STATE: Final = 0.1
#: … and, at least this likely, a later such line goes above an older top finding (newer_state),
#: as a later line with a change word does. Higher: a lift puts the line first.
STATE_LINE_LIFT_MIN_PROBABILITY: Final = 0.7
#: how many of the family's best-scoring lines after the top finding are read for that lift
STATE_LINE_SCAN: Final = 20
#: … but such a line lifted for the model's reading alone stays down when another later line,
#: lifted for its own reason, is read as telling the state by at least this much more surely: the
#: line after a change is as often about the new state (电车冬天续航掉得凶不 beside the line that
#: names the new car) as a newer word on it
STATE_LINE_LIFT_MARGIN: Final = 0.15
#: a current_state question about the user whose family no word rule names is read by the same
#: model from the question's vector (its question weights): it sets the family at this probability
#: (sets tq / tr, never fit on: the model's best guess right for 80 / 80 questions; of the 9 the
#: rules named no family, 8 right and none wrong at 0.5)
QUESTION_FAMILY_MIN_PROBABILITY: Final = 0.5
#: a chat line stored after its neighbour's words (the embedding worker's context) is embedded
#: alone for the model at question time: at most this many a question (~10-20 ms each on the
#: bundled e5), of their first this-many characters, remembered for this many texts
STATE_LINE_EMBED_MAX: Final = 12
STATE_LINE_EMBED_CHARS: Final = 400
STATE_LINE_EMBED_CACHE: Final = 4096
#: current_state: a family whose thing, named by the user later, is the newer state though no
#: change word is said ("The Model 3 takes some getting used to", 比亚迪海豹的续航比我想的要短): the
#: entity types of that thing. Only vehicles: a later place is as often a trip, a later company a
#: shop or a client, a later animal someone else's.
NEWER_STATE_NEW_THING_TYPES: Final = {"vehicle": ("vehicle",)}
#: current_state: a line whose change word refers back ("first night in the new flat…", 新房子)
#: still tells the state when it names a thing of the family's kind the line it would follow
#: does not ("…in Leith", "滨江的新房子…杭州"): the entity types read per family
REFERS_BACK_NAMED_TYPES: Final = {
    "residence": ("place",), "work": ("organization",), "school": ("organization", "place"),
    "vehicle": ("vehicle", "product"), "pet": ("animal",), "relationship": ("person",)}
#: current_state: how many of the newest full-text matches of the asked family's change words
#: are read for a later change (retrieval/state_statement.py), so the walk is bounded at 1M events
NEWER_STATE_CHANGE_MATCHES: Final = 2000
#: current_state: a later line of at most this many sentences whose last clause asks is a request
#: about the state, never lifted as a newer word on it (newer_state.asks_last); a longer message
#: tells more than it asks
NEWER_STATE_REQUEST_MAX_SENTENCES: Final = 2
#: current_state: the concept families (lexicon/concepts.py) whose words name one state from its
#: two sides — 结婚 and 离婚, "vegan" and "eating meat" — so a later statement in the other word
#: is still the newer word on the same state
NEWER_STATE_TOPIC_FAMILIES: Final = ("relationship", "marriage", "diet", "smoking", "alcohol")
#: The evidence assessment reads words; a statement in the other language, or in other words
#: ("我姐姐的婚礼在苏州办的" for "Where was my sister's wedding?"), names nothing it knows and was
#: rated weak and then cut by the relevance floor under a lexical coincidence rated direct. The
#: vector path's best hit, when its cosine reaches this (per embedder; e5: unrelated text median
#: ~0.77, 99th percentile ~0.86, evidence median ~0.82), is at least *indirect* evidence: the
#: closest in meaning. High on purpose: a wrong "indirect" misleads the answer.
SEMANTIC_EVIDENCE_COSINE: Final[Mapping[str, float]] = MappingProxyType({"multilingual-e5": 0.83})

# -- retrieval implementation choices (issue 3; not fixed by the design) ------------------------
#: Vector search (retrieval/vector_search.py). Below VECTOR_PREFILTER_MIN_CHUNKS the exact
#: sqlite-vec KNN is used (a few ms at 5k x 256); above it (and for hard time windows at any
#: size beyond 4,096 chunks) a numpy Hamming prefilter keeps VECTOR_PREFILTER_CANDIDATES (at least
#: k * OVERSAMPLE) chunks for int8 and then exact float rescoring (the array is only a cache).
#: Measured at 10k chunks: exact KNN p50 3 ms but p95 31 ms on a busy machine; the prefilter is
#: flatter, and at 129k it is ~6x faster than exact (docs/retrieval-eval.md).
VECTOR_PREFILTER_MIN_CHUNKS: Final = 5_000
VECTOR_PREFILTER_CANDIDATES: Final = 2000
VECTOR_PREFILTER_OVERSAMPLE: Final = 10
#: ... or this fraction of the (filtered) store, whichever is larger: 1-bit codes are coarse, the
#: int8 rescoring that follows is cheap (~1 ms per 5k candidates), recall grows with the pool.
VECTOR_PREFILTER_CANDIDATE_FRACTION: Final = 0.02
#: Prefilter codes: "simhash" = signs of VECTOR_PREFILTER_CODE_BITS random hyperplanes computed
#: from the float vectors; "table_bits" = the table's embedding_bits (coordinate signs). Measured
#: at 129k chunks of the offline (sparse) embedder, recall@10 with 2,000 candidates: 0.20 with
#: table bits, 0.85 with 256 hyperplanes, 0.96 with 512 (0.997 with 5,000 candidates).
VECTOR_PREFILTER_CODES: Final = "simhash"
VECTOR_PREFILTER_CODE_BITS: Final = 512
#: The final head is rescored with the exact float vectors read back from sqlite-vec. A point read
#: from vec0 costs 0.05-0.7 ms (1024 vectors share one blob), so only the top 10 (the similarities
#: a trace shows first) are exact; the rest keep their int8 cosine (error ~1e-3).
VECTOR_EXACT_RESCORE: Final = 10
#: The cache reads new vectors one point lookup each (~20 us) when at most this many are due:
#: sqlite-vec answers a chunk_id range by scanning every row id of the table (~17 ms at 21k
#: chunks), and the background refresh appends a few hundred rows at a time (61 refreshes of a
#: 20k-event import re-scanned the table 61 times: 1.1 s). A cold build keeps the one range scan.
VECTOR_CACHE_POINT_LOAD_MAX: Final = 2048
#: Rebuild the prefilter cache when this fraction of its rows is known stale (deleted/re-embedded).
VECTOR_CACHE_STALE_REBUILD: Final = 0.2
#: sqlite-vec KNN fetches this many chunks per wanted event (scope/time filtering happens after
#: folding chunks to events; it doubles until enough events survive or the table is exhausted).
VECTOR_KNN_OVERFETCH: Final = 4
#: Keyword path (LIKE + token coverage): candidates are the newest KEYWORD_PREFIX_CANDIDATES FTS5
#: *prefix* matches ("hunter2" finds "hunter2xyz", "fryer" finds "fryers"; newest-first needs no
#: scoring of every match) plus a LIKE scan of the KEYWORD_SCAN_MAX_ROWS newest rows (infix
#: matches), scored by token coverage. A full LIKE scan costs ~10 ms per 10k rows per term, so
#: both stay bounded — BM25 covers the whole history.
KEYWORD_SCAN_MAX_ROWS: Final = 500
KEYWORD_PREFIX_CANDIDATES: Final = 200
KEYWORD_MIN_COVERAGE: Final = 0.34
#: coverage is scored on the start of each candidate (a multi-KB tool output or reply decoded
#: whole, ~700 times a question, was most of the keyword path's time)
KEYWORD_SCORE_CHARS: Final = 2000
#: The category path ranks the newest this-many matches of a category's members (in scope and
#: window), not every match: its cost is bounded by the cap, not by the store.
CATEGORY_RECENT_MATCHES: Final = 2000
#: A time window searched through FTS5 is also turned into a bound on event seqs (from the
#: time index: the largest seq before the window's end, the smallest from its start), so FTS5
#: seeks past the matches outside it instead of looking each one's event up
#: (``retrieval/paths/seq_bounds.py``). An edge with at most this many events on the window's
#: side is always bounded (reading them costs ~5 ms at most); beyond, only when that side is the
#: smaller one.
WINDOW_SEQ_BOUND_ALWAYS: Final = 50_000
#: Full-text paths on big stores drop terms that match more than this fraction of all events
#: (a stop list computed from the store: such terms cost 50-100 ms per OR query at 100k events
#: and add ~nothing to BM25); stores below BM25_PRUNE_MIN_EVENTS are never pruned.
BM25_PRUNE_MIN_EVENTS: Final = 20_000
BM25_PRUNE_DF_FRACTION: Final = 0.05
#: BM25 without a window ranks inside FTS5 and filters the ranked rows (``paths/bm25.fts_top``):
#: the slice it ranks is at least this many rows, read in rank order until k pass the filters
#: (FTS5 scores every match whatever the LIMIT: a wide slice costs sorting, not scoring; 80
#: rows failed for fact-scoped searches at 1M events and each retry ranked every match again).
#: A slice the filters thinned too much is ranked once more, BM25_SLICE_GROWTH times wider,
#: before the filters go into the ranking itself (every match looked up: ~1.6 us each).
BM25_RANKED_SLICE: Final = 2048
BM25_SLICE_GROWTH: Final = 16
#: ...unless the filters pass less than this share of the newest BM25_SHARE_SAMPLE matches: then
#: the filters go into the ranking at once (each match looked up in the covering scope index,
#: only passing ones scored). At 1M events, fact scope, per question: below ~0.4 joined wins
#: (strategy / summary: 12-24 vs 22-32 ms, and no second ranking when the slice fails), near
#: 0.5 both cost the same, above it the slice wins (two scopes, share 1.0: 30 vs 46 ms).
BM25_JOIN_BELOW_SHARE: Final = 0.5
BM25_SHARE_SAMPLE: Final = 256
#: Entity / graph expansion start from this many best seed events of the lexical/vector paths.
EXPANSION_SEEDS: Final = 10
#: Entity expansion does not fan out through an entity linked to more than this fraction of the
#: events with entities (but never below ENTITY_EXPANSION_MIN_DF_CAP events): such an entity
#: ("painting" in a painter's chats, "mom") says nothing about this question; the rest count by
#: idf (retrieval/paths/entity.py, measured in docs/retrieval-eval.md).
ENTITY_EXPANSION_MAX_DF_FRACTION: Final = 0.05
ENTITY_EXPANSION_MIN_DF_CAP: Final = 5
#: "recently" / "最近" without a number: this many days before the question date.
RECENT_WINDOW_DAYS: Final = 14
#: "3 days ago" is approximate in speech: the window extends this many units on each side.
TIME_AGO_SLACK_UNITS: Final = 1.0
#: a told future start ("next fall", 下学期) begins on the first day of this month: seasons as
#: the northern meteorological ones, terms as the two school-year starts (autumn, spring)
SEASON_START_MONTHS: Final = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
TERM_START_MONTHS: Final = (9, 3)
#: A date further back than this ("in 1720", "a 1929 film") is history, not a time in memory:
#: it sets no window.
MEMORY_HORIZON_YEARS: Final = 30
#: L1 paths are fused by relative score fusion (retrieval/score_fusion.py: weighted sum of each
#: path's min-max normalised scores, weights = RRF_WEIGHTS[mode]) rather than weighted RRF: RRF
#: drops each path's confidence, and the noisier lexical copies' (hashing vectors, keyword
#: coverage) heads outvoted BM25's clear winners. LoCoMo, 3 tuning conversations, session R@5:
#: RRF (k = 15) 0.877 vs relative scores 0.896 with the same weights (docs/retrieval-eval.md).
#: The second-round expansion paths (entity, L2's graph) count at this fraction of their mode
#: weight: their best candidate is "shares an entity with something found", not "matches the
#: question" (LongMemEval sample with L2: rank-1 0.808 at full weight, 0.962 = L1's at 0.25).
EXPANSION_WEIGHT_SCALE: Final = 0.25
#: The design's weights presume a semantic embedder (text-embedding-v3). An embedder whose model
#: id starts with a key here gets its vector-path weight scaled: the offline hashing embedder is
#: mostly lexical, i.e. a noisier copy of BM25 (LoCoMo, vector path alone: session R@5 0.73 vs
#: BM25 alone 0.90), so at full weight it pulls fusion *below* BM25; neural embedders keep 1.0.
VECTOR_WEIGHT_SCALE: Final[Mapping[str, float]] = MappingProxyType({
    "magi-hashing": 0.35, "multilingual-e5": 0.75})
#: Longest finding text handed to the answerer (the full event stays one event_id away).
FINDING_MAX_CHARS: Final = 800
#: Cross-layer fusion per mode: weighted RRF over the L1 list and each layer's hit list. The
#: preferred layer of a mode leads (current_state -> L2 snapshots/assertions, summary and
#: activity_summary -> L3, strategy -> L4, episode_recall -> L2 episodes and L1 alike); L1 stays
#: at >= 0.6 everywhere because it is the evidence base and the safety net.
LAYER_WEIGHTS: Final[Mapping[QueryMode, Mapping[str, float]]] = MappingProxyType({
    QueryMode.EXACT_FACT: MappingProxyType({"l1": 1.0, "l2": 1.0, "l3": 0.3, "l4": 0.2}),
    QueryMode.CURRENT_STATE: MappingProxyType({"l1": 0.8, "l2": 1.2, "l3": 0.4, "l4": 0.2}),
    QueryMode.TEMPORAL_COMPARE: MappingProxyType({"l1": 1.0, "l2": 0.9, "l3": 0.4, "l4": 0.1}),
    QueryMode.SUMMARY: MappingProxyType({"l1": 0.7, "l2": 0.5, "l3": 1.3, "l4": 0.2}),
    QueryMode.ACTIVITY_SUMMARY: MappingProxyType({"l1": 0.8, "l2": 0.4, "l3": 1.3, "l4": 0.3}),
    QueryMode.STRATEGY: MappingProxyType({"l1": 0.6, "l2": 0.3, "l3": 0.4, "l4": 1.4}),
    QueryMode.EPISODE_RECALL: MappingProxyType({"l1": 1.0, "l2": 1.0, "l3": 0.6, "l4": 0.1}),
    QueryMode.CROSS_SESSION: MappingProxyType({"l1": 1.0, "l2": 1.0, "l3": 0.5, "l4": 0.1}),
    QueryMode.EVENT_STREAM: MappingProxyType({"l1": 1.0, "l3": 0.5}),
})

# ---------------------------------------------------------------------------------------------
# L2 structured cognition
# ---------------------------------------------------------------------------------------------

ENTITY_TYPES: Final = (
    "person", "place", "organization", "software", "media", "food", "appliance", "device",
    "product", "activity", "topic", "event", "animal", "vehicle", "creator", "account", "project",
    "concept", "other")
#: Cross-type identity pairs allowed during exact alias matching (person <-> creator, ...).
CROSS_TYPE_ALIAS_PAIRS: Final = frozenset({
    frozenset({"person", "creator"}), frozenset({"person", "account"}),
    frozenset({"appliance", "device"}), frozenset({"product", "appliance"}),
    frozenset({"product", "device"})})

L2_MAX_SESSION_CONTEXT_TURNS: Final = 3
L2_MAX_CROSS_SESSION_EVENTS: Final = 3
L2_MAX_KNOWN_ENTITIES: Final = 30
L2_MAX_CANDIDATE_POOL: Final = 20
L2_BATCH_MAX_EVENTS: Final = 16
#: Cross-session history of the guessed entities: below this many event links the linked
#: events are ordered by time (~1 ms per 4k links); from it on, all events are walked newest
#: first (catalog.entity_events).
ENTITY_EVENTS_SORT_MAX_LINKS: Final = 20_000
#: Below this resolution confidence a mention is kept in entity_mentions only, bound later.
ENTITY_MIN_CONFIDENCE: Final = 0.5
#: Triple cumulative confidence: c' = 1 - (1 - c)(1 - CONF_GAIN * c_new); saturates below 1.
TRIPLE_CONFIDENCE_GAIN: Final = 0.5
TRIPLE_CONFIDENCE_CAP: Final = 0.98

#: Assertion lifecycle.
ASSERTION_CORROBORATED_MIN_EVIDENCE: Final = 2
ASSERTION_STABLE_MIN_EVIDENCE: Final = 3
ASSERTION_STABLE_MIN_AGE_S: Final = 7 * 86400
#: Short-term traits and their TTLs (design: emotion 12 h, stress 24 h, current mood 2 h).
TRAIT_TTL_S: Final[Mapping[str, float]] = MappingProxyType({
    "emotion": 12 * 3600.0,
    "stress": 24 * 3600.0,
    "mood": 2 * 3600.0,
})

#: Episodes: events within this gap and sharing an entity/topic join the open episode.
EPISODE_MAX_GAP_S: Final = 3 * 3600.0
EPISODE_PROMOTE_MIN_EVENTS: Final = 3
EPISODE_PROMOTE_MIN_SPAN_S: Final = 10 * 60.0
#: Orphan entities: dropped when seen this few times and unused for this long.
ORPHAN_MAX_MENTIONS: Final = 1
ORPHAN_MIN_AGE_S: Final = 30 * 86400.0
#: Projection worker: micro-batches per run_once, and how long the L2 maintenance worker waits
#: between passes (maintenance is periodic, not per event).
L2_BATCHES_PER_RUN: Final = 4
#: Offline (no LLM tier, local embedder) the projection worker runs many micro-batches, of
#: any sessions and sources, in one write transaction: each still a batch of one key claimed
#: in the queue's order and planned on what the earlier ones wrote, but one commit, one L3
#: notification and one round of the other workers per run. Bounded in events and in time,
#: so an ingest from the app waits at most about this long for the write lock.
L2_OFFLINE_RUN_MAX_EVENTS: Final = 512
L2_OFFLINE_RUN_MAX_S: Final = 0.5
L2_MAINTENANCE_INTERVAL_S: Final = 3600.0
#: L3 jobs per worker call with no summarizer model (extractive jobs take about a millisecond;
#: with a model it is one job per call) and the longest such a call runs — in one write
#: transaction, so also about the longest an ingest from the app waits for the write lock
L3_OFFLINE_RUN_MAX_JOBS: Final = 64
L3_OFFLINE_RUN_MAX_S: Final = 0.25
#: Profile snapshots wait for the projection queue to drain (one refresh per entity instead of
#: one per batch), but never longer than this.
L2_SNAPSHOT_MAX_DELAY_S: Final = 120.0
#: Confidence of a claim by how directly the text states it ("I bought" vs "my new ...").
L2_DIRECTNESS_WEIGHT: Final[Mapping[str, float]] = MappingProxyType({"explicit": 1.0, "implied": 0.6})
#: A Phase 2 conflict hint at or above this severity goes to reasoning-tier arbitration.
L2_ARBITRATION_MIN_SEVERITY: Final = 0.6
#: Offline arbitration (no reasoning tier) decides by recency + directness; its outcome carries
#: this confidence (explicit newer evidence) or the lower one (implied evidence), so uncertain
#: offline evolutions land in the review inbox.
L2_OFFLINE_ARBITRATION_CONFIDENCE: Final = 0.7
L2_OFFLINE_ARBITRATION_WEAK_CONFIDENCE: Final = 0.45
#: Two same-name, same-type entities are merged by maintenance at this confidence.
L2_MERGE_SAME_NAME_CONFIDENCE: Final = 0.9
#: Episodes overlapping this much (Jaccard over events' entities, with time overlap) are merged.
EPISODE_MERGE_MIN_OVERLAP: Final = 0.5
#: Graph spreading activation: decay per hop and the number of hops.
GRAPH_SPREAD_DECAY: Final = 0.5
GRAPH_SPREAD_HOPS: Final = 2
#: L2 retrieval subdomain weights per mode (edges, assertions + snapshots, episodes): current
#: state trusts assertions, episode recall trusts episodes, the rest lean on edges.
L2_SUBDOMAIN_WEIGHTS: Final[Mapping[QueryMode, Mapping[str, float]]] = MappingProxyType({
    QueryMode.EXACT_FACT: MappingProxyType({"edge": 1.0, "assertion": 0.9, "episode": 0.3}),
    QueryMode.CURRENT_STATE: MappingProxyType({"edge": 0.8, "assertion": 1.2, "episode": 0.2}),
    QueryMode.TEMPORAL_COMPARE: MappingProxyType({"edge": 1.2, "assertion": 0.8, "episode": 0.5}),
    QueryMode.SUMMARY: MappingProxyType({"edge": 0.6, "assertion": 0.6, "episode": 1.0}),
    QueryMode.ACTIVITY_SUMMARY: MappingProxyType({"edge": 0.8, "assertion": 0.4, "episode": 1.0}),
    QueryMode.STRATEGY: MappingProxyType({"edge": 0.4, "assertion": 0.4, "episode": 0.4}),
    QueryMode.EPISODE_RECALL: MappingProxyType({"edge": 0.5, "assertion": 0.4, "episode": 1.2}),
    QueryMode.CROSS_SESSION: MappingProxyType({"edge": 1.0, "assertion": 0.8, "episode": 0.8}),
    QueryMode.EVENT_STREAM: MappingProxyType({"edge": 0.0, "assertion": 0.0, "episode": 0.0}),
})

#: An L2 retrieval hit lists at most this many event ids, most relevant first (the rest stay in
#: its payload's ``all_event_ids``): downstream ranks a finding's events in list order, and a
#: 40-event episode must not flood the answer with 40 loosely related turns.
L2_HIT_MAX_EVENT_IDS: Final = 5
#: A state question about a trait the user ended with nothing after it ("Have I still got a
#: dog?" after the dog was put down) is answered by the ended belief with its end: it scores its
#: confidence plus this, below a live belief's bonus (0.4) so any current value answers first.
ENDED_STATE_BONUS: Final = 0.2
#: current_state: the families where a new thing is often taken before the old one is given up
#: (the new car bought, then the old one sold; the new job started, then the old contract ended):
#: an ended belief answering first yields to the user's line, told while it was held, that took a
#: new one. Not pets, diets, ties or health: "Have I still got a dog?" is answered by the dog.
#: current_state: a line that says the first finding's value was said wrong ("typo, not Clifton —
#: Cotham") answers in its place when told at most this many days after it
CORRECTION_WINDOW_DAYS: Final = 30
#: current_state: a first finding that tells a start but names nothing (今天开学典礼) yields to the
#: user's plan it carries out — told at most this many days before, naming the thing and dated
#: ahead to within ``PLAN_DATE_SLACK_DAYS`` of it (复试过了，海南大学MPA，九月份入学)
PLAN_CARRIED_OUT_DAYS: Final = 240
PLAN_DATE_SLACK_DAYS: Final = 45
#: … or, undated, the newest change before it, told at most this many days before it
PLAN_UNDATED_DAYS: Final = 180
#: … for school only: an admission is followed by its term (UCLA录了 … 开学第一周); a job offer
#: asked about ("got offer from kiranapay… should i take?") or a move out of the dorm is no plan
#: the next start carries out
PLAN_UNDATED_FAMILIES: Final = frozenset({"school"})
#: … and, undated in any family with agreed words (``carried_out._AGREED``: an offer, a car
#: ordered, a home bought or signed for), the newest agreed line at most this many days before it
PLAN_AGREED_DAYS: Final = 120
#: current_state: the families whose belief value names a thing (a company, a place, a school, a
#: car): a later line sharing only a word of that value names the same thing again, no newer
#: state ("Chambers are right by the High Court" after employer: khan durrani law chambers)
VALUE_NAMES_THING_FAMILIES: Final = frozenset({"work", "residence", "school", "vehicle"})
HELD_PAST_END_FAMILIES: Final = frozenset({"vehicle", "work", "residence", "school"})
#: current_state: the state families of which one holds several values at once (pets,
#: conditions; L2's HAS_PET / HAS_CONDITION are not exclusive): the end of one value is no newer
#: word on another ("Salt passed away" under pet: pepper, "my asthma is gone" under health:
#: type 2 diabetes)
MULTI_VALUED_STATE_FAMILIES: Final = frozenset({"pet", "health"})
#: An episode answers only when it shares a question entity or this many topic terms.
L2_EPISODE_MIN_TERM_OVERLAP: Final = 2
#: An episode hit points at no more than this many of its events (those matching the question).
L2_EPISODE_MAX_EVENT_IDS: Final = 3

# Review inbox (L2-owned): supersessions, entity merges and arbitration outcomes whose
# confidence is below this are applied provisionally and listed for the user to approve/reject.
REVIEW_CONFIDENCE_THRESHOLD: Final = 0.6

# ---------------------------------------------------------------------------------------------
# L3 summaries
# ---------------------------------------------------------------------------------------------

SUMMARY_WINDOWS_S: Final[Mapping[str, int]] = MappingProxyType({
    "hour": 3600, "day": 86400, "week": 7 * 86400, "month": 30 * 86400})
#: Per-source compression (design: >=4 per source, sqrt damping, cap 120).
COMPRESSION_MIN_PER_SOURCE: Final = 4
COMPRESSION_TOTAL_CAP: Final = 120
#: Summariser reasoning: hour without, day and longer with.
SUMMARY_REASONING: Final[Mapping[str, bool]] = MappingProxyType({
    "hour": False, "day": True, "week": True, "month": True})
SUMMARY_TYPES: Final = ("temporal", "thematic", "insight")
#: L3 retrieval: summary_category is a soft boost, with a larger fetch to keep recall.
L3_CATEGORY_BOOST: Final = 1.8
L3_CATEGORY_FETCH_FACTOR: Final = 1.5
#: Task reflection uses the last 6 related L1 events (design).
TASK_REFLECTION_EVENTS: Final = 6
#: Extra events a source keeps beyond its minimum: ceil(scale * sqrt(n - min)), so 800 page
#: visits keep 4 + 29 = 33 (design example: ~30-50) while a 3-message chat keeps all 3. Chosen
#: to reproduce the design's example; when the extras exceed the cap they are scaled down.
COMPRESSION_SQRT_SCALE: Final = 1.0
#: Catch-up after the app was closed: at most this many missed windows per loop are produced
#: (older hours are covered by the day summaries, older days by the weeks, ...).
SUMMARY_CATCHUP_MAX_WINDOWS: Final[Mapping[str, int]] = MappingProxyType({
    "hour": 48, "day": 31, "week": 8, "month": 12})
#: summary_category of a thematic summary / of the events of a source (event_type-specific first).
SUMMARY_SOURCE_CATEGORIES: Final[Mapping[str, str]] = MappingProxyType({
    "chat:ACTION_EXECUTED": "tool_activity", "chat": "conversation",
    "browser": "browser_activity", "git": "coding_activity", "terminal": "coding_activity",
    "netease_music": "media_activity", "media_player": "media_activity",
    "calendar": "schedule", "photo": "photo_activity", "system_usage": "app_usage"})
#: The category of the whole-window temporal summary.
SUMMARY_OVERVIEW_CATEGORY: Final = "activity_overview"
#: Thematic (per-category) summaries: for these windows (a day is the overview's job; one LLM call
#: per category per day would triple the summariser cost), for categories with this many events.
SUMMARY_THEMATIC_GRANULARITIES: Final = ("week", "month")
SUMMARY_THEMATIC_MIN_EVENTS: Final = 8
#: L3 retrieval RRF weights. "window" ranks temporal summaries by how well their window fits the
#: question's time window (IoU); it runs only with time intent. After fusion a fit boost
#: multiplies by (1 + L3_WINDOW_FIT_BOOST * IoU), so "last week" prefers the week summary over
#: the 168 hour summaries that also overlap it.
L3_RRF_WEIGHTS: Final[Mapping[str, float]] = MappingProxyType({
    "bm25": 1.0, "vector": 1.0, "keyword": 0.6, "window": 1.5})
L3_WINDOW_FIT_BOOST: Final = 1.0
#: Long-term trend insights fire when an L2 edge/assertion reaches one of these observation
#: counts and its evidence spans at least L3_TREND_MIN_SPAN_S (one insight per milestone).
L3_TREND_MILESTONES: Final = (5, 10, 20, 50, 100, 200, 500)
L3_TREND_MIN_SPAN_S: Final = 7 * 86400.0

# ---------------------------------------------------------------------------------------------
# L4 procedural skills
# ---------------------------------------------------------------------------------------------

L4_TRACES_PER_SKILL: Final = 50
BREAKER_FAILURE_THRESHOLD: Final = 3
BREAKER_OPEN_SECONDS: Final = 600.0
BREAKER_HALF_OPEN_SUCCESSES: Final = 2
DISTILL_BASE_THRESHOLD: Final = 5
DISTILL_MAX_TRACES: Final = 20
#: Adaptive distillation threshold: base * (1 + floor(log2(1 + total / GROWTH))), capped.
#: 5 until 50 executions, 10 until 150, 15 until 350, 20 until 750 ... a mature skill's strategy
#: changes slowly, so re-distilling every 5 calls of a tool used 1000 times wastes LLM calls.
#: The cap stays <= L4_TRACES_PER_SKILL so every trace since the last distillation is still kept.
DISTILL_THRESHOLD_GROWTH_EXECUTIONS: Final = 50
DISTILL_MAX_THRESHOLD: Final = 40
#: Stratified sample for distillation (<= DISTILL_MAX_TRACES): most recent, failures, successes;
#: leftover slots are filled with the next most recent traces.
DISTILL_SAMPLE_RECENT: Final = 8
DISTILL_SAMPLE_FAILURES: Final = 6
DISTILL_SAMPLE_SUCCESSES: Final = 6
#: Trace input/output are kept up to this many characters each (the L1 event keeps the rest).
L4_TRACE_TEXT_MAX_CHARS: Final = 2000
#: L4 retrieval: BM25 + keyword only (design: vector path disabled, the table is small).
L4_RRF_WEIGHTS: Final[Mapping[str, float]] = MappingProxyType({"bm25": 1.0, "keyword": 1.0})

# ---------------------------------------------------------------------------------------------
# Providers
# ---------------------------------------------------------------------------------------------


class Tier(StrEnum):
    FAST_CLASSIFY = "FAST_CLASSIFY"
    CORE_REASONING = "CORE_REASONING"
    MEMORY_SUMMARIZER = "MEMORY_SUMMARIZER"
    CONTEXT_COMPACT = "CONTEXT_COMPACT"


#: Reasoning per tier (design). The summariser's reasoning depends on the window (see above).
TIER_REASONING: Final[Mapping[Tier, bool]] = MappingProxyType({
    Tier.FAST_CLASSIFY: False,
    Tier.CORE_REASONING: True,
    Tier.MEMORY_SUMMARIZER: False,
    Tier.CONTEXT_COMPACT: False,
})
PROVIDER_TIMEOUT_S: Final = 30.0
PROVIDER_MAX_RETRIES: Final = 3
PROVIDER_BACKOFF_BASE_S: Final = 0.5
PROVIDER_BACKOFF_MAX_S: Final = 8.0
PROVIDER_BREAKER_FAILURES: Final = 5
PROVIDER_BREAKER_COOLDOWN_S: Final = 60.0
#: DashScope text-embedding-v3 accepts at most 10 texts per request.
DASHSCOPE_EMBED_BATCH: Final = 10
OFFLINE_EMBED_DIM: Final = 256
#: A server asking to wait longer than this (Retry-After) is treated as unavailable for now: the
#: job fails visibly and is retried by its queue instead of blocking a worker thread for minutes.
PROVIDER_RETRY_AFTER_MAX_S: Final = 60.0


# ---------------------------------------------------------------------------------------------
# Concept-family expansion (retrieval/paths/concept.py, lexicon/concepts.py)
# ---------------------------------------------------------------------------------------------

PATH_CONCEPT = "concept"
#: Fusion weight of the concept path per mode (added to ``RRF_WEIGHTS``' row by the service).
#: Below BM25 + vector together, so an exact match is never buried by a statement that only
#: expresses the concept; about the vector path's weight, so such a statement can rise above
#: ones that merely share the question's word. Modes without an entry do not use the path
#: (event_stream: no structured paths; strategy: tool names are literal).
CONCEPT_PATH_WEIGHTS: Final[Mapping[QueryMode, float]] = MappingProxyType({
    QueryMode.EXACT_FACT: 0.8,
    QueryMode.CURRENT_STATE: 0.8,
    QueryMode.TEMPORAL_COMPARE: 0.6,
    QueryMode.CROSS_SESSION: 0.6,
    QueryMode.EPISODE_RECALL: 0.5,
    QueryMode.SUMMARY: 0.4,
    QueryMode.ACTIVITY_SUMMARY: 0.4,
})
#: A concept match counts at least this fraction of the best concept match (BM25 orders the
#: matches; see ``paths.concept.concept_scores``).
CONCEPT_MATCH_FLOOR: Final = 0.5
