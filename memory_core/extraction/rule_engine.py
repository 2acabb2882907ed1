"""The rule extractor's engine: statement clauses → mentions → pattern claims → coreference.

Kept apart from ``rule_extractor.py`` (the public class) so the pieces are testable alone:
``statement_clauses`` for what a user says, ``sensor_rules.sensor_claims`` for what a plugin
observed. Everything here is a pure function of the batch and the known entities.

A user message is read clause by clause with the evidence classifier's own split
(:func:`memory_core.governance.cues.statement_clauses`): "I just bought an air fryer, can you
recommend recipes?" was kept as ``user_self_report`` for its leading clause, so that clause is
read as a statement and the question clause yields no claim (a question is never a fact).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..governance.cues import split_sentences, statement_clauses
from ..policy import AuthorType, EventType
from .inputs import ExtractionInput, KnownEntity
from .mentions import (Mention, collect_mentions, is_cjk, is_member, lexicon_type,
                       normalize_name)
from .patterns import (EN_REL, EN_CONDITIONAL, EN_CONTRACTIONS, EN_COORD, EN_GERUND, EN_IRREALIS,
                       EN_LEADING, EN_OBJECT_STOP, NEW_THING_EN, NEW_THING_ZH, PATTERNS,
                       PRONOUNS_EN, PRONOUNS_ZH, STATE_PATTERNS, TIME_HINT_EN, TIME_HINT_ZH,
                       ZH_CONDITIONAL, ZH_CONSUME_VERB, ZH_COORD, ZH_IRREALIS, ZH_LEADING,
                       ZH_OBJECT_STOP, ZH_PRESUPPOSED_NEW, StatementPattern)
from .schema import USER_SUBJECT, ExtractedEntity, FactClaim, Phase1Output, ResolvedRef
from .sensor_rules import sensor_claims

CONF_EXPLICIT = 0.7
CONF_IMPLIED = 0.55
CONF_STATE = 0.65

#: which entity types a pronoun object may stand for, per predicate
_OWNABLE = frozenset({"appliance", "device", "product", "vehicle", "software", "media", "food",
                      "animal"})
PRONOUN_TYPES: dict[str, frozenset[str]] = {
    "BOUGHT": _OWNABLE, "OWNS": _OWNABLE,
    "USES": frozenset({"software", "device", "appliance", "product", "vehicle"}),
    "LIKES": _OWNABLE | {"topic", "activity", "place", "person", "creator"},
    "DISLIKES": _OWNABLE | {"topic", "activity", "place", "person", "creator"},
    "LIVES_IN": frozenset({"place"}), "MOVED_TO": frozenset({"place"}),
    "VISITED": frozenset({"place", "organization"}), "WORKS_AT": frozenset({"organization"}),
    "WORKS_ON": frozenset({"project", "software"}),
}
_ZH_THIRD_PERSON = re.compile(r"(?:他|她|他们|她们|妈妈|妈|爸爸|爸|老婆|老公|朋友|同事|姐姐|妹妹|"
                              r"哥哥|弟弟|儿子|女儿|室友|老板)")
_EN_THIRD_PERSON = re.compile(r"\b(?:he|she|they|my (?:mom|mother|dad|father|wife|husband|friend|"
                              r"sister|brother|boss|colleague|partner))\b")
_REL_EN_TO_NAME = {"mum": "mom", "mother": "mom", "father": "dad"}
_ZH_REL_NAME = {"妈": "妈妈", "爸": "爸爸"}


@dataclass(slots=True)
class _Sentence:
    """One statement clause (a whole statement sentence, or a leading clause of a question)."""

    text: str
    start: int  # offset in the event content


@dataclass(slots=True)
class _EventState:
    """Entities of one event in order of appearance (for coreference and the output)."""

    event: ExtractionInput
    entities: dict[tuple[str, str], ExtractedEntity] = field(default_factory=dict)
    positions: list[tuple[int, ExtractedEntity]] = field(default_factory=list)

    def add(self, name: str, entity_type: str, surface: str, confidence: float,
            resolved_id: str | None, start: int) -> ExtractedEntity:
        key = (name, entity_type)
        entity = self.entities.get(key)
        if entity is None:
            entity = ExtractedEntity(mention=surface, name=name, entity_type=entity_type,
                                     event_id=self.event.event_id, confidence=confidence,
                                     resolved_id=resolved_id)
            self.entities[key] = entity
        else:
            entity.confidence = max(entity.confidence, confidence)
            entity.resolved_id = entity.resolved_id or resolved_id
        self.positions.append((start if start >= 0 else 10**9, entity))
        return entity

    def discard(self, name: str, entity_type: str) -> None:
        entity = self.entities.pop((name, entity_type), None)
        if entity is not None:
            self.positions = [(p, e) for p, e in self.positions if e is not entity]

    def add_mention(self, m: Mention) -> ExtractedEntity:
        return self.add(m.name, m.entity_type, m.surface, m.confidence, m.resolved_id, m.start)


def statement_spans(text: str) -> list[_Sentence]:
    """The statement clauses of ``text`` with their offsets (mentions are matched by offset)."""
    out: list[_Sentence] = []
    cursor = 0
    for sentence in split_sentences(text):
        cursor = max(text.find(sentence, cursor), cursor)
        inner = cursor
        for clause in statement_clauses(sentence):
            inner = max(text.find(clause, inner), inner)
            out.append(_Sentence(clause, inner))
            inner += len(clause)
        cursor += len(sentence)
    return out


def clause_mood(clause: str, zh: bool) -> str:
    """``factual``, ``modal`` (a wish, plan or guess: only presupposed possession holds) or
    ``conditional`` (nothing holds)."""
    text = clause if zh else normalize_en(clause)
    if (ZH_CONDITIONAL if zh else EN_CONDITIONAL).search(text):
        return "conditional"
    if (ZH_IRREALIS if zh else EN_IRREALIS).search(text):
        return "modal"
    return "factual"


def normalize_en(sentence: str) -> str:
    s = sentence.lower().replace("’", "'").replace("‘", "'")
    for short, full in EN_CONTRACTIONS:
        s = re.sub(r"\b" + re.escape(short) + r"\b", full, s)
    return s


def time_hint(sentence: str) -> str | None:
    m = TIME_HINT_ZH.search(sentence) or TIME_HINT_EN.search(sentence.lower())
    return m.group(1) if m else None


# -- object phrases -------------------------------------------------------------------------------


def cut_en_object(phrase: str) -> str:
    """The object phrase up to the first adjunct or new clause ("… yesterday and I love it")."""
    return EN_OBJECT_STOP.sub("", " " + phrase.strip()).strip()


def cut_zh_object(phrase: str) -> str:
    p = ZH_LEADING.sub("", phrase.strip())
    return ZH_OBJECT_STOP.sub("", p) if not is_member(p) else p


def clean_en_object(phrase: str) -> str:
    p = cut_en_object(phrase)
    for _ in range(3):
        q = EN_GERUND.sub("", EN_LEADING.sub("", p)).strip()
        if q == p:
            break
        p = q
    words = p.split()
    return " ".join(words[:4])


def clean_zh_object(phrase: str) -> str:
    p = ZH_LEADING.sub("", phrase.strip())
    if not is_member(p):
        stripped = ZH_CONSUME_VERB.sub("", p)
        if stripped != p and stripped:
            p = stripped
        p = ZH_LEADING.sub("", ZH_OBJECT_STOP.sub("", p))
    return p.strip()


def split_objects(phrase: str, lang: str) -> list[str]:
    parts = EN_COORD.split(phrase) if lang == "en" else ZH_COORD.split(phrase)
    return [p for p in (x.strip() for x in parts) if p]


# -- the extractor --------------------------------------------------------------------------------


class _Extractor:
    def __init__(self, known: list[KnownEntity]) -> None:
        self.known = known
        self.out = Phase1Output()
        self.history: list[ExtractedEntity] = []  # earlier events' entities, in order

    def run(self, events: list[ExtractionInput]) -> Phase1Output:
        for event in events:
            state = _EventState(event)
            mentions = collect_mentions(event.content, event.structured_entity_hints, self.known,
                                        lexicon_fields=_provenance_text(event)
                                        if _is_observation(event) else None)
            for m in mentions:
                state.add_mention(m)
            if _is_observation(event):
                for claim, extra_entities in sensor_claims(event, mentions):
                    for ent in extra_entities:
                        state.add(ent.name, ent.entity_type, ent.mention, ent.confidence,
                                  ent.resolved_id, -1)
                    self.out.fact_claims.append(claim)
            elif event.author_type == AuthorType.USER:
                if event.speaker:  # a named person other than the user said it: they are an entity
                    state.add(event.speaker, "person", event.speaker, CONF_EXPLICIT, None, 0)
                self._statements(state, mentions)
            self.out.entities.extend(state.entities.values())
            self.history.extend(e for _, e in sorted(state.positions, key=lambda p: p[0]))
        return self.out

    # -- statements ----------------------------------------------------------------------------

    def _statements(self, state: _EventState, mentions: list[Mention]) -> None:
        for sentence in statement_spans(state.event.content):
            zh = is_cjk(sentence.text)
            mood = clause_mood(sentence.text, zh)
            if mood == "conditional":
                continue
            hint = time_hint(sentence.text)
            if mood == "modal":  # "I want to make soup with my new pressure cooker"
                self._new_thing(state, mentions, sentence, zh, hint, set(), presupposed_only=True)
                continue
            consumed: list[tuple[int, int]] = []
            accepted: list[tuple[StatementPattern, re.Match[str]]] = []
            text = sentence.text if zh else normalize_en(sentence.text)
            # priority order decides which pattern owns a verb span ("no longer like" beats
            # "like"); text order then builds the claims, so "it" sees the entities before it
            for pattern in PATTERNS:
                if (pattern.lang == "zh") != zh:
                    continue
                for match in pattern.regex.finditer(text):
                    vspan = match.span("verb")
                    if any(a < vspan[1] and vspan[0] < b for a, b in consumed):
                        continue
                    consumed.append(vspan)
                    accepted.append((pattern, match))
            claimed_objects: set[tuple[str, str]] = set()
            for pattern, match in sorted(accepted, key=lambda pm: pm[1].start("verb")):
                self._pattern_claims(state, mentions, sentence, pattern, match, hint,
                                     claimed_objects)
            self._new_thing(state, mentions, sentence, zh, hint, claimed_objects)
            self._states(state, sentence, zh)

    def _known(self, entity: ExtractedEntity) -> bool:
        """Whether the catalog, or an earlier event of this batch, already names it."""
        if entity.resolved_id:
            return True
        norm = entity.name.lower()
        return any(k.name.lower() == norm or norm in (a.lower() for a in k.aliases) for k in self.known) or \
            any(e.name.lower() == norm for e in self.history)

    @staticmethod
    def _self_subject(event: ExtractionInput) -> tuple[str, str | None]:
        """Who "I" is in this event: the user, or the named speaker of an imported chat line."""
        return (event.speaker, "person") if event.speaker else (USER_SUBJECT, None)

    def _subject(self, match: re.Match[str], lang: str, event: ExtractionInput) -> tuple[str, str | None]:
        """Who the pattern's subject is: whoever says "I" (``_self_subject``), a relative of
        the user's ("my mom"), or nobody ("")."""
        rel, subj = match.groupdict().get("rel"), match.groupdict().get("subj")
        if subj == "and":  # English only (patterns._EN_SUBJ), never with a "rel" of its own
            # "I quit Initech and joined Hooli": the second verb shares the sentence's subject
            lead = _EN_LEAD_SUBJECT.match(match.string)
            if lead is None:
                return "", None
            rel = lead.group("rel")
        if rel:
            if event.speaker:
                return "", None  # "my mom" in someone else's line is not the user's mom
            name = (_ZH_REL_NAME.get(rel, rel) if lang == "zh" else _REL_EN_TO_NAME.get(rel, rel))
            return name, "person"
        if lang == "en" and subj is None:
            return "", None
        return self._self_subject(event)

    def _pattern_claims(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                        pattern: StatementPattern, match: re.Match[str], hint: str | None,
                        claimed: set[tuple[str, str]]) -> None:
        subject, subject_type = self._subject(match, pattern.lang, state.event)
        if not subject:
            return
        if pattern.lang == "zh" and match.group("subj") is None and \
                _ZH_THIRD_PERSON.search(sentence.text[:match.start("verb")]):
            return
        negated = bool(match.groupdict().get("neg")) or pattern.negated
        raw_obj = pattern.fixed_object or match.group("obj") or match.groupdict().get("kind") or ""
        if pattern.lang == "en" and _CLAUSE_OBJECT.match(raw_obj.strip()):
            return
        raw_obj = cut_zh_object(raw_obj) if pattern.lang == "zh" else cut_en_object(raw_obj)
        phrases = split_objects(raw_obj, pattern.lang) if pattern.coordinated else [raw_obj]
        obj_offset = sentence.start + match.start("obj") if pattern.lang == "zh" else None
        for phrase in phrases:
            cleaned = clean_zh_object(phrase) if pattern.lang == "zh" else clean_en_object(phrase)
            if not cleaned:
                continue
            before = set(state.entities)
            entity = self._object_entity(state, mentions, sentence, cleaned, pattern,
                                         obj_offset, match)
            if entity is None:
                continue
            unknown_end = pattern.negated and pattern.trait is not None and not pattern.fixed_object and \
                not self._known(entity) and (entity.name, entity.entity_type) not in before
            if unknown_end:
                # an end ("I quit smoking", "I sold my Corolla") can only end something memory
                # already holds: an object it names for the first time is not made an entity;
                # the trait claim alone is kept, and ends a live value it is part of
                state.discard(entity.name, entity.entity_type)
            if (pattern.predicate, entity.name) in claimed:
                continue
            claimed.add((pattern.predicate, entity.name))
            evidence = sentence.text.strip()
            claim_hint = pattern.time_hint or hint
            if not unknown_end:
                self.out.fact_claims.append(FactClaim(
                    subject=subject, predicate=pattern.predicate, object=entity.name,
                    evidence_text=evidence, event_id=state.event.event_id, kind="relation",
                    subject_type=subject_type, object_type=entity.entity_type, negated=negated,
                    confidence=CONF_EXPLICIT if pattern.directness == "explicit" else CONF_IMPLIED,
                    directness=pattern.directness, time_hint=claim_hint))
            if pattern.trait and subject == self._self_subject(state.event)[0] and pattern.time_hint is None:
                self.out.fact_claims.append(FactClaim(
                    subject=subject, predicate=pattern.predicate, object=entity.name,
                    evidence_text=evidence, event_id=state.event.event_id, kind="trait",
                    object_type=entity.entity_type, trait=pattern.trait, value=entity.name,
                    negated=negated or pattern.predicate == "DISLIKES",
                    confidence=CONF_EXPLICIT, directness=pattern.directness, time_hint=claim_hint))

    def _object_entity(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                       cleaned: str, pattern: StatementPattern, obj_offset: int | None,
                       match: re.Match[str]) -> ExtractedEntity | None:
        pronouns = PRONOUNS_ZH if pattern.lang == "zh" else PRONOUNS_EN
        if pattern.lang == "en" and cleaned.split()[0] in pronouns:
            cleaned = cleaned.split()[0]  # "it almost every day": the object is "it"
        if cleaned in pronouns:
            pos = sentence.start + match.start("obj") if pattern.lang == "zh" else \
                sentence.start + _find_ci(sentence.text, cleaned, default=0)
            return self._coreference(state, cleaned, pattern.predicate, pos)
        # where the object sits in the content
        if pattern.lang == "zh":
            local = sentence.text.find(cleaned, match.start("obj"))
        else:
            verb = match.groupdict().get("verb") or ""
            local = _find_ci(sentence.text, cleaned, start=_find_ci(sentence.text, verb[:3], default=0))
            if local < 0:
                local = _find_ci(sentence.text, cleaned)
        start = sentence.start + local if local >= 0 else -1
        end = start + len(cleaned) if start >= 0 else -1
        overlapping = [m for m in mentions if start >= 0 and m.start >= 0
                       and m.start < end and start < m.end]
        strong = [m for m in overlapping if m.source in ("catalog", "hint")]
        if strong:
            best = max(strong, key=lambda m: m.end - m.start)
            return state.add_mention(best)
        lex = [m for m in overlapping if m.source == "lexicon"]
        surface = sentence.text[local:local + len(cleaned)] if local >= 0 else cleaned
        if lex:
            head = max(lex, key=lambda m: m.end)
            if head.end == end and _short(cleaned) and head.start > start:
                # "Philips air fryer": the brand phrase is the entity, typed by its head noun
                state.discard(head.name, head.entity_type)
                name, etype = normalize_name(surface), head.entity_type
                return state.add(name, etype, surface, head.confidence, None, start)
            return state.add_mention(head)
        if not _plausible_name(cleaned):
            return None
        etype = lexicon_type(cleaned) or pattern.object_type
        return state.add(normalize_name(surface), etype, surface, 0.55, None, start)

    def _coreference(self, state: _EventState, pronoun: str, predicate: str,
                     position: int) -> ExtractedEntity | None:
        allowed = PRONOUN_TYPES.get(predicate)
        earlier_here = [e for p, e in sorted(state.positions, key=lambda p: p[0]) if p < position]
        for entity in reversed([*self.history, *earlier_here]):
            if allowed is None or entity.entity_type in allowed:
                self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id,
                                                          entity.name, "resolved"))
                return entity
        self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id, None,
                                                  "unresolved"))
        return None

    def _new_thing(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                   zh: bool, hint: str | None, claimed: set[tuple[str, str]], *,
                   presupposed_only: bool = False) -> None:
        """"my new X" / 新的X → OWNS, implied. ``presupposed_only`` (a wish or plan clause): in
        Chinese only where possession is presupposed (用新的高压锅, not 想买新的手机); English
        "my/our new X" always presupposes it."""
        regex = NEW_THING_ZH if zh else NEW_THING_EN
        text = sentence.text if zh else normalize_en(sentence.text)
        for match in regex.finditer(text):
            if zh and _ZH_THIRD_PERSON.search(sentence.text[max(0, match.start() - 4):match.start()]):
                continue
            if zh and presupposed_only and \
                    not ZH_PRESUPPOSED_NEW.search(sentence.text[:match.start("obj")]):
                continue
            phrase = match.group("obj")
            cleaned = clean_zh_object(phrase) if zh else clean_en_object(phrase)
            if not cleaned:
                continue
            pattern = StatementPattern("new_thing", "zh" if zh else "en", regex, "OWNS", "product",
                                       directness="implied")
            entity = self._object_entity(state, mentions, sentence, cleaned, pattern, None, match) \
                if not zh else self._zh_new_entity(state, mentions, sentence, match, cleaned)
            if entity is None or entity.entity_type not in _OWNABLE:
                continue
            if ("BOUGHT", entity.name) in claimed or ("OWNS", entity.name) in claimed:
                continue
            claimed.add(("OWNS", entity.name))
            who, who_type = self._self_subject(state.event)
            self.out.fact_claims.append(FactClaim(
                subject=who, predicate="OWNS", object=entity.name, subject_type=who_type,
                evidence_text=sentence.text.strip(), event_id=state.event.event_id,
                object_type=entity.entity_type, confidence=CONF_IMPLIED, directness="implied",
                time_hint=hint))

    def _zh_new_entity(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                       match: re.Match[str], cleaned: str) -> ExtractedEntity | None:
        start = sentence.start + match.start("obj")
        for m in mentions:
            if m.start >= 0 and start <= m.start < start + 3:
                return state.add_mention(m)
        etype = lexicon_type(cleaned)
        if etype is None or not _plausible_name(cleaned):
            return None
        return state.add(cleaned, etype, cleaned, 0.55, None, start)

    def _states(self, state: _EventState, sentence: _Sentence, zh: bool) -> None:
        text = sentence.text if zh else normalize_en(sentence.text)
        seen: set[str] = set()
        for sp in STATE_PATTERNS:
            if (sp.lang == "zh") != zh or sp.trait in seen:
                continue
            match = sp.regex.search(text)
            if match is None:
                continue
            prefix = text[:match.start()]
            if (_ZH_THIRD_PERSON.search(prefix[-6:]) if zh else _EN_THIRD_PERSON.search(prefix)):
                continue
            value = sp.value or (sp.words or {}).get(match.group("word"), match.group("word"))
            seen.add(sp.trait)
            negated = bool(match.groupdict().get("neg"))
            who, who_type = self._self_subject(state.event)
            self.out.fact_claims.append(FactClaim(
                subject=who, subject_type=who_type, predicate="FEELS", object=value,
                evidence_text=sentence.text.strip(), event_id=state.event.event_id, kind="trait",
                trait=sp.trait, value=value, negated=negated, confidence=CONF_STATE,
                directness="explicit", time_hint=time_hint(sentence.text)))


#: the subject a sentence starts with, for an elided "and <verb>" later in it
_EN_LEAD_SUBJECT = re.compile(r"^\W*(?:(?:so|well|yeah|yes|ok|okay|actually|also|then|and)\W+)*"
                              r"(?:i|we|my (?P<rel>" + EN_REL + r"))\b")


def _find_ci(text: str, needle: str, *, start: int = 0, default: int = -1) -> int:
    idx = text.lower().find(needle.lower(), max(0, start))
    return idx if idx >= 0 else default


def _short(phrase: str) -> bool:
    return len(phrase) <= 8 if is_cjk(phrase) else len(phrase.split()) <= 3


_NOT_NAMES = frozenset({"home", "家", "家里", "there", "here", "this", "that", "them", "it", "so",
                        "much", "a lot", "lot", "more", "things", "stuff", "something", "anything",
                        "everything", "one", "东西", "一下", "这里", "那里", "那边", "这边", "什么",
                        "work", "bed", "sleep", "school", "to", "了", "过",
                        # abstract or filler nouns that are no thing one buys, likes or visits
                        "chance", "opportunity", "other stuff", "everywhere", "anywhere", "somewhere",
                        "nowhere", "skill", "time", "way", "idea", "feeling", "sense", "moment",
                        "you", "us", "everyone", "everybody", "someone", "somebody", "people"})
#: an object phrase that opens a clause ("I love how art lets us...", "I like that you ...") is
#: a statement about a situation, not a thing: no claim
_CLAUSE_OBJECT = re.compile(r"^(?:how|what|why|when|where|who|whom|whose|which|whether|that|if)\b")


def _plausible_name(phrase: str) -> bool:
    p = phrase.strip().lower()
    if p in _NOT_NAMES or len(p) < 2 and not is_cjk(p):
        return False
    return not (is_cjk(p) and len(p) > 12)


#: provenance fields that carry free text worth a lexicon scan (not URLs, ids, durations)
_PROVENANCE_TEXT_FIELDS = ("title", "track_name", "query", "message", "caption", "window_title",
                           "file_name", "location")


def _provenance_text(event: ExtractionInput) -> list[str]:
    provenance = event.raw.get("provenance") if isinstance(event.raw, dict) else None
    if not isinstance(provenance, dict):
        return []
    return [str(provenance[k]) for k in _PROVENANCE_TEXT_FIELDS if provenance.get(k)]


def _is_observation(event: ExtractionInput) -> bool:
    return (event.event_type == EventType.SENSOR_EVENT or event.author_type == AuthorType.EXTERNAL
            or event.activity is not None)


def extract_batch(events: list[ExtractionInput], known: list[KnownEntity]) -> Phase1Output:
    return _Extractor(known).run(events)
