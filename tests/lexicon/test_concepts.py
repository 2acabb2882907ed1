"""The concept-family data (lexicon/concepts.py) and the phrase scanner it uses: plain data kept
honest — both languages in every family, every entry in one family unless ``SHARED`` says why —
and question scanning that finds a family by its longest name, whole words only."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from memory_core.lexicon.categories import CATEGORIES
from memory_core.lexicon.concepts import CONCEPTS, SHARED, concept, concepts_named_in, family_terms
from memory_core.lexicon.scan import PhraseTable, is_cjk, singular


def _entries(c):
    return (*c.names, *c.expressions)


def test_keys_are_unique_and_includes_name_existing_families():
    keys = [c.key for c in CONCEPTS]
    assert len(keys) == len(set(keys))
    for c in CONCEPTS:
        for k in c.includes:
            assert concept(k) is not None and k != c.key, (c.key, k)


@pytest.mark.parametrize("c", CONCEPTS, ids=lambda c: c.key)
def test_every_family_is_bilingual_and_plain(c):
    for part in (c.names, c.expressions):
        assert any(is_cjk(t) for t in part) and any(not is_cjk(t) for t in part), c.key
    entries = [t.lower() for t in _entries(c)]
    assert len(entries) == len(set(entries)), [t for t, n in Counter(entries).items() if n > 1]
    for t in _entries(c):
        assert t == t.strip().lower() or is_cjk(t), t


def test_an_entry_in_two_families_is_explained_and_every_explanation_is_needed():
    owners: dict[str, set[str]] = defaultdict(set)
    for c in CONCEPTS:
        for t in _entries(c):
            owners[t.lower()].add(c.key)
    unexplained = {t: sorted(k) for t, k in owners.items() if len(k) > 1 and t not in SHARED}
    assert not unexplained
    assert all(len(owners[t]) > 1 for t in SHARED), [t for t in SHARED if len(owners[t]) < 2]


def test_the_concept_data_leaves_the_extractor_lexicon_alone():
    """Retrieval-only: no concept entry was added to the categories the rule extractor types
    mentions with (a concept expression like "broke up" must never become an entity)."""
    category_terms = {t.lower() for cat in CATEGORIES for t in (*cat.names, *cat.members)}
    assert "broke up" not in category_terms and "oolong" not in category_terms


@pytest.mark.parametrize("question, keys", [
    ("What kind of tea do I like?", ["tea"]),
    ("我喜欢喝哪种茶？", ["tea"]),
    ("Do I still have a cat?", ["cat"]),
    ("Am I in a relationship?", ["relationship"]),
    ("我现在有对象吗？", ["relationship"]),
    ("Do I do any charity work?", ["charity"]),  # longest match: not the job family
    ("Where do I work now?", ["job"]),
    ("What are my allergies?", ["allergy"]),  # plural folded to the singular entry
    ("我有没有做公益？", ["charity"]),
    ("What did I cook for the category meeting?", []),  # whole words: no "cat" in "category"
])
def test_a_question_names_its_families(question, keys):
    assert concepts_named_in(question) == keys


def test_family_terms_take_in_included_families_once():
    terms = family_terms("pet")
    assert "hamster" in terms and "tabby" in terms and "golden retriever" in terms
    assert len(terms) == len(set(terms))
    assert family_terms("no such family") == ()


def test_scanner_prefers_the_longest_entry_and_whole_words():
    table = PhraseTable.of(["tea", "green tea", "乌龙", "乌龙茶"])
    assert table.find("I like green tea and 乌龙茶") == ["green tea", "乌龙茶"]
    assert table.find("steam teapot") == []
    assert singular("allergies") == "allergy" and singular("cats") == "cat" and singular("glass") is None
