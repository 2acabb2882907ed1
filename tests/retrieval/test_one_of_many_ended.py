"""Pets and conditions are many: after "We have two cats, Salt and Pepper" / "Salt passed away",
the user still has Pepper; after "I have asthma and type 2 diabetes" / "My asthma is gone", the
diabetes. Retrieval lifted Salt's end above the live belief pet: pepper — through the ended
assertion its line shares evidence with, and again as a pet change word — so "what pets do I
have now?" was answered by a line naming no pet the user has. The end of one value (read by L2, or a pet named gone)
concerns that value alone (``MULTI_VALUED_STATE_FAMILIES``); a line ending the top's own value
("Luna passed away") still comes first."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import CHANGE_CUES, PET_GONE
from tests.retrieval.cli_scenarios import assert_first_finding, told


def test_every_word_of_a_pet_gone_is_a_pet_change_word() -> None:
    assert PET_GONE <= set(CHANGE_CUES["pet"])


CASES = [
    # each of these put the other pet's end first on the code before
    told("og-1", "en", "pet", ["We have two cats, Salt and Pepper.", "Salt passed away last week, he was 17."],
              "what pets do I have now?", "Pepper"),
    told("og-2", "zh", "pet", ["我家有两只狗，大黄和小黑。", "小黑走丢了，找了好几天都没找到。"], "我家现在有几只狗？", "大黄"),
    told("og-3", "en", "pet", ["We have a dog, Milo, and a parrot named Kiwi.", "Kiwi flew off last week and never came back."],
              "what pets do we have now?", "Milo"),
    told("og-5", "en", "health", ["I have asthma and type 2 diabetes.", "My asthma is gone, haven't needed the inhaler in a year."],
              "what health conditions do I have now?", "diabetes"),
    told("og-6", "zh", "health", ["我有哮喘和高血压。", "哮喘已经好了，一年没用过喷雾了。"], "我现在有什么健康问题？", "高血压"),
    # guards (the rule's limits, each found in the committed sets: sc-034, sp-018, sm-017): a new pet
    # told beside the one gone, a question about another kind than the pet on top, a pet on top
    # told by its kind (the breed and the name are one cat)
    told("og-7", "en", "pet", ["We have two cats, Salt and Pepper.",
                               "Salt went to live with my sister; we adopted a puppy named Bo."], "what pets do we have now?", "Bo"),
    told("og-8", "zh", "pet", ["我养了只橘猫，叫大黄。", "又捡了一只小狗回家，起名叫豆豆。", "大黄走了，十四岁。"], "我现在还养猫吗？", "走了"),
    told("og-9", "zh", "pet", ["我养了一只英短蓝猫，叫土豆。", "土豆送人了，给我表姐养。"], "我家里还有猫吗？", "送人"),
    # … and the top's own pet gone is still told first
    told("og-4", "en", "pet", ["I have a cat named Luna.", "Luna passed away in her sleep."], "do I have a pet now?",
              "passed away"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_pets_left_answer(data, tmp_path, monkeypatch) -> None:
    assert_first_finding(data, tmp_path, monkeypatch)
