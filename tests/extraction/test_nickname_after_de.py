"""A colleague called by a nickname after 的 (同组的老陈去了字节上海, 隔壁组的小王跳槽去了阿里) is the one
who went: the nickname rule wanted a clause start before 老 / 小, so the line had no person and its
move became the user's employer (un-002: 字节 the user's, a live L2 belief)."""

from __future__ import annotations

import pytest

from tests.extraction.claim_sets import claims, entities


@pytest.mark.parametrize("text,nick", [
    ("同组的老陈去了字节上海，天天在朋友圈晒下午茶", "老陈"),
    ("隔壁组的小王跳槽去了阿里。", "小王"),
])
def test_a_nickname_after_de_is_the_person_who_moved(text: str, nick: str) -> None:
    assert (nick, "person") in entities(text)
    assert not any(c[0] == "user" and c[1] == "WORKS_AT" for c in claims(text))


@pytest.mark.parametrize("text", ["我的老家在山东。", "买的小米手机坏了。"])
def test_no_nickname_where_the_word_is_a_noun(text: str) -> None:
    assert not any(t == "person" for _, t in entities(text))
