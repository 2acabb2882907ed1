"""A first finding continued by the user's next message (``retrieval/continuation.py``): a burst's
next line, the answer to the assistant's question."""

from __future__ import annotations

from memory_core.policy import CONTINUATION_GAP_S
from memory_core.retrieval.continuation import Line, continuation


def _line(eid: str, t: float, text: str, author: str = "user", **kw) -> Line:
    return Line(eid, t, author, text, **kw)


def test_a_short_message_is_continued_by_the_users_next_one():
    first = _line("a", 0, "处对象了😁")
    got = continuation(first, [_line("b", 30, "叫乌兰 幼儿园老师 笑起来贼好看")])
    assert got is not None and got[0].event_id == "b" and got[1] is None
    # … not after the gap, not by a question, not by a line the question may not see
    assert continuation(first, [_line("b", CONTINUATION_GAP_S + 1, "叫乌兰")]) is None
    assert continuation(first, [_line("b", 30, "她叫什么好呢？")]) is None
    assert continuation(first, [_line("b", 30, "叫乌兰", usable=False)]) is None
    # a long first message is whole: the next line is its own
    assert continuation(_line("a", 0, "finally met someone at the climbing gym, we've been on three dates"),
                        [_line("b", 30, "her name is Priya")]) is None


def test_an_answer_to_the_assistants_question_continues_the_line_it_asked_about():
    first = _line("a", 0, "we just moved, need to find a GP and a creche asap, where do I even start")
    asked = _line("q", 10, "Congratulations on the move! Which town did you move to? I can point you to local "
                           "resources.", author="assistant")
    got = continuation(first, [asked, _line("r", 60, "Ennis, Co Clare")])
    assert got is not None and (got[0].event_id, got[1].event_id) == ("r", "q")
    # the assistant said something without asking; another person answered; a long reply
    assert continuation(first, [_line("q", 10, "Good luck with the move.", author="assistant"),
                                _line("r", 60, "Ennis, Co Clare")]) is None
    assert continuation(first, [asked, _line("r", 60, "Ennis", speaker="Aoife")]) is None
    assert continuation(first, [asked, _line("r", 60, "Ennis, " + "and the school run is long " * 5)]) is None


