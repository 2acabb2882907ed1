"""Integrity of the bilingual paraphrase sets (not their score): the held-out set keeps the
promises the eval's figures rest on — enough facts, both languages, no content word shared
between a question and its evidence, distractors that do share the question's words, and facts
other than the development set's."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.eval.paraphrase import LANGS, load_items, shared_terms
from memory_core.text.segment import query_terms

DOCS = Path(__file__).resolve().parents[2] / "docs" / "eval"
DEV = DOCS / "bilingual_paraphrase.json"
HELDOUT = DOCS / "bilingual_paraphrase_heldout.json"


def test_heldout_set_has_at_least_thirty_facts_and_120_questions():
    items = load_items(HELDOUT)
    assert len(items) >= 30
    assert len(items) * len(LANGS) * len(LANGS) >= 120
    assert len({i["id"] for i in items}) == len(items)


def test_heldout_facts_are_not_the_development_facts():
    dev = load_items(DEV)
    held = load_items(HELDOUT)
    assert not {i["id"] for i in dev} & {i["id"] for i in held}
    dev_evidence = {i["evidence"][lang] for i in dev for lang in LANGS}
    assert not dev_evidence & {i["evidence"][lang] for i in held for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_heldout_questions_share_no_content_term_with_their_evidence(lang):
    for item in load_items(HELDOUT):
        assert shared_terms(item["question"][lang], item["evidence"][lang]) == [], item["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_heldout_distractors_share_the_questions_words(lang):
    for item in load_items(HELDOUT):
        q = set(query_terms(item["question"][lang]))
        assert len(item["distractors"][lang]) == 2, item["id"]
        for d in item["distractors"][lang]:
            assert q & set(query_terms(d)), (item["id"], d)
