"""The doctor's instruction told as done (医生让我停了二甲双胍，改打胰岛素了) is a change of the
treatment, as 医生帮我停了药 is: it was read as advice reported (医生让我…), "tentative", and the
old medication answered 我现在用什么控制血糖？. Advice not yet acted on stays tentative."""

from __future__ import annotations

import pytest

from memory_core.retrieval.newer_state import tentative
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,expected", [
    ("医生让我停了二甲双胍，改打胰岛素了。", False),
    ("大夫让我把降压药停了。", False),
    ("医生让我停药。", True),
    ("医生建议我换成胰岛素。", True),
    ("医生让我多喝水吧", True),
    ("朋友让我辞职了", True),
])
def test_a_doctors_instruction_told_done_is_no_advice(text: str, expected: bool) -> None:
    assert tentative(text) is expected


def test_the_new_treatment_answers(tmp_path, monkeypatch) -> None:
    """Through the CLI: the old medication came first on the code before."""
    assert_first_finding(told("dw-1", "zh", "health", ["我在吃二甲双胍控制血糖。", "医生让我停了二甲双胍，改打胰岛素了。"],
                              "我现在用什么控制血糖？", "胰岛素"), tmp_path, monkeypatch)
