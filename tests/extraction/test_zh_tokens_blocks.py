"""``names.zh_tokens`` cuts a text block by block (jieba.posseg's own blocks, each cut once and
remembered): the pairs must be what ``jieba.posseg.cut`` of the whole text gives, for Chinese,
English, mixed text, digits, spaces and line breaks, and for blocks seen before in other texts."""

from __future__ import annotations

import json
import random
from pathlib import Path

from memory_core.bench.generator import generate
from memory_core.extraction.names import _posseg_pairs, zh_tokens
from memory_core.text.segment import jieba_posseg

_DIR = Path(__file__).parent


def _texts() -> list[str]:
    out = [p["content"] for p in generate(1500, 5) if p.get("type") == "chat"]
    for path in sorted(_DIR.glob("dev*_sentences.json"))[:20]:
        out += [item["text"] for item in json.loads(path.read_text(encoding="utf-8"))["items"]]
    rng = random.Random(16)
    pieces = ["我在上海", "买了iPhone 15", "C++", "A&B", "3.5kg", "北京大学第三医院", "\r\n", " ", "，", "。",
              "test_case", "#tag", "喜茶", "小米汽车", "   ", "\t", "ok", "林悦上周", "二〇二四", "①"]
    out += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 9))) for _ in range(800)]
    return out


def test_block_by_block_cut_is_the_whole_text_cut() -> None:
    posseg = jieba_posseg()
    texts = _texts()
    for _ in range(2):  # the second round reads remembered blocks only
        for text in texts:
            assert _posseg_pairs(text) == [(p.word, p.flag) for p in posseg.cut(text)], text


def test_zh_tokens_positions() -> None:
    text = "我朋友林悦上周在北京大学第三医院，买了iPhone 15。"
    tokens = zh_tokens(text)
    assert "".join(w for w, _, _ in tokens) == text
    assert all(text[p:p + len(w)] == w for w, _, p in tokens)
