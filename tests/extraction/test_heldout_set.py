"""The held-out labelled set (``heldout_sentences.json``, issue 14) is well formed.

Integrity only, never a score threshold: the file measures the extractor, and a gate on it
would invite tuning against it. What is checked is what makes its numbers mean something —
enough items, half Chinese, ids unique, every label in the schema's vocabulary (a typo such
as ``WORK_AT`` or ``employeer`` would silently count as a miss), and every claim's subject and
object labelled as an entity (or the user / the line's speaker / an earlier item of its batch)
so entity and claim scores describe the same reading of the sentence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.extraction.evaluation import lang_of
from memory_core.l2.assertion_store import MULTI_VALUED_TRAITS
from memory_core.l2.predicates import PREDICATE_REGISTRY, normalize_predicate
from memory_core.policy import ENTITY_TYPES, TRAIT_TTL_S

HELDOUT = Path(__file__).parent / "heldout_sentences.json"
DEV = Path(__file__).parent / "labelled_sentences.json"

#: trait names the project knows: mirrors of exclusive predicates, multi-valued traits, states
TRAITS = ({s.trait for s in PREDICATE_REGISTRY.values() if s.trait} | set(MULTI_VALUED_TRAITS)
          | set(TRAIT_TTL_S))
#: relation predicates a gold claim may use: the registry's core names (matching is exact, so a
#: synonym such as WORK_AT would never match) plus HAS_PET, the pet family's Phase 1 predicate
#: (normalised to OWNS when written, its 'pet' trait kept)
PREDICATES = set(PREDICATE_REGISTRY) | {"HAS_PET"}
#: traits whose value is a state word (high, good, tired), not an entity
STATE_TRAITS = set(TRAIT_TTL_S)
ITEM_KEYS = {"id", "split", "lang", "text", "entities", "claims", "batch", "speaker", "author_type",
             "hints", "refs", "note"}


def _n(x: str) -> str:
    return x.strip().lower()


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(HELDOUT.read_text(encoding="utf-8"))


def test_size_language_split_and_ids(data):
    items = data["items"]
    assert len(items) >= 300
    zh = [i for i in items if lang_of(i) == "zh"]
    assert len(zh) * 2 >= len(items), (len(zh), len(items))
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    for item in items:
        assert set(item) <= ITEM_KEYS, item["id"]
        assert item["split"] == "heldout" and item["lang"] in ("en", "zh"), item["id"]
        assert item["id"].startswith(f"ho-{item['lang']}-"), item["id"]
        assert item["text"].strip()
    assert data["about"].strip() and "before" in data["about"]


def test_no_sentence_is_taken_from_the_dev_set(data):
    dev = {_n(i["text"]) for i in json.loads(DEV.read_text(encoding="utf-8"))["items"]}
    texts = [_n(i["text"]) for i in data["items"]]
    shared = len(dev & set(texts))  # a count: a failing assert must not print held-out lines
    assert shared == 0, f"{shared} held-out lines are in the dev set"
    assert len(texts) == len(set(texts))


def test_every_label_is_in_the_schema_vocabulary(data):
    for k in data["known_entities"]:
        assert k["entity_type"] in ENTITY_TYPES
    for item in data["items"]:
        for name, etype in item["entities"]:
            assert etype in ENTITY_TYPES, (item["id"], name, etype)
            assert name == name.lower().strip() and name, (item["id"], name)
        for c in item["claims"]:
            if "trait" in c:
                assert c["trait"] in TRAITS, (item["id"], c)
                assert str(c["value"]).strip(), (item["id"], c)
            else:
                assert c["p"] in PREDICATES and normalize_predicate(c["p"]).core, (item["id"], c)
                assert str(c["o"]).strip(), (item["id"], c)
            assert set(c) <= {"s", "p", "o", "trait", "value", "neg", "directness"}, (item["id"], c)


def test_claim_subjects_and_objects_are_labelled_entities(data):
    """A claim's subject is the user, the line's speaker or a labelled person; its object (and a
    mirrored trait's value) is an entity of the item, of an earlier item of its batch (a pronoun
    or 'there' points back to it), or a known entity's canonical name."""
    known = {_n(k["name"]) for k in data["known_entities"]}
    batch_entities: dict[str, set[str]] = {}
    for item in data["items"]:
        own = {_n(name) for name, _ in item["entities"]}
        earlier = batch_entities.get(item.get("batch", ""), set())
        reachable = own | earlier | known
        speaker = _n(item["speaker"]) if item.get("speaker") else None
        if speaker:
            assert [speaker, "person"] in item["entities"], item["id"]
            assert item["text"].startswith(item["speaker"] + ": "), item["id"]  # as L1 renders it
        for c in item["claims"]:
            subject = _n(c.get("s", "user"))
            assert subject == "user" and not speaker or subject == speaker or \
                [subject, "person"] in item["entities"], (item["id"], c)
            if "trait" in c:
                if c["trait"] not in STATE_TRAITS:
                    assert _n(c["value"]) in reachable, (item["id"], c)
            else:
                assert _n(c["o"]) in reachable, (item["id"], c)
        if item.get("author_type") == "assistant":
            assert not item["claims"], item["id"]  # an AI answer is never a fact about anyone
        if item.get("batch"):
            batch_entities[item["batch"]] = earlier | own


def test_every_state_family_is_covered_in_both_languages(data):
    """Start and end of each family, in English and Chinese, and both kinds of change."""
    seen: set[tuple[str, str, bool]] = set()
    for item in data["items"]:
        for c in item["claims"]:
            if "trait" in c:
                seen.add((c["trait"], item["lang"], bool(c.get("neg"))))
    # English residence changes are told as moves (supersession) and past residence, not as an
    # explicit end ("moved out of X"); the Chinese side has 搬出了上海
    not_written = {("residence", "en", True)}
    for trait in ("employer", "residence", "vehicle", "pet", "diet", "partner", "spouse", "school", "health"):
        for lang in ("en", "zh"):
            for end in (False, True):
                assert (trait, lang, end) in seen or (trait, lang, end) in not_written, (trait, lang, end)
    batches = {i["batch"] for i in data["items"] if i.get("batch")}
    assert len(batches) >= 10  # changes told across two sentences
    assert sum(1 for i in data["items"] if i.get("speaker")) >= 20
    assert sum(1 for i in data["items"] if not i["claims"]) >= 60  # negatives
