"""Traditional characters and Cantonese particles read as Simplified Mandarin for matching
(``text/zh_variants.py``): same length, so a match's offsets are the original's."""

from __future__ import annotations

import pytest

from memory_core.retrieval.predicates import question_family
from memory_core.retrieval.state_statement import change_at
from memory_core.text.zh_variants import as_simplified


@pytest.mark.parametrize("text,simplified", [
    ("我已經離職了", "我已经离职了"),
    ("後來常駐銀川了", "后来常驻银川了"),
    ("最后签咗平安银行，唔系招行", "最后签了平安银行，不系招行"),
    ("搬咗去沙田", "搬去了沙田"),  # 咗去 is the order of 去了
    ("我而家喺边间公司返工", "我现在在哪间公司上班"),
    ("plain English stays", "plain English stays"),
    ("", ""),
])
def test_the_text_reads_as_simplified_mandarin_and_keeps_its_length(text: str, simplified: str) -> None:
    out = as_simplified(text)
    assert out == simplified
    assert len(out) == len(text)


@pytest.mark.parametrize("text,family,word", [
    ("我已經離職了，下個月去新公司", "work", "离职"),
    ("不對不對，最後簽的是冠捷，天马那邊薪水談不攏", "work", "签的是"),
    ("琴日打错字，最后签咗平安银行", "work", "签了"),
    ("上个月搬咗去沙田", "residence", "搬去"),
    ("跟你說，我開葷了，現在什麼肉都吃", "diet", "开荤"),
])
def test_a_change_told_in_traditional_characters_or_cantonese_is_read(text: str, family: str, word: str) -> None:
    found = change_at(text, family)
    assert found is not None and found[0] == word
    # the offset is the original line's (the reading keeps every character's place)
    assert as_simplified(text)[found[1]:found[1] + len(word)] == word


@pytest.mark.parametrize("question,family", [
    ("我現在在哪裡上班啊", "work"),
    ("我而家喺边间银行返工？", "work"),  # 而家 is "now", not a home
    ("我現在還吃素嗎", "diet"),
])
def test_a_question_in_traditional_characters_or_cantonese_finds_its_family(question: str, family: str) -> None:
    found = question_family(question)
    assert found is not None and found.name == family
