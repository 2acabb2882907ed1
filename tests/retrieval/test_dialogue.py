"""Conversation structure in retrieval: a matching chat question lends its score to its reply,
and a question about a named speaker lowers what somebody else said (pure rules, then a store)."""

from __future__ import annotations

import pytest

from memory_core.policy import RERANK_OTHER_SPEAKER
from memory_core.retrieval.dialogue import REPLY_TO, ends_with_question, lift_replies
from memory_core.retrieval.rerank import RerankCandidate, author_delta, rerank
from memory_core.retrieval.rrf import Fused
from memory_core.retrieval.subject import mentions_about, named_speaker, other_speaker
from tests.helpers import DAY, T0, chat


@pytest.mark.parametrize("text", [
    "How long have you been married?",
    "Caroline: Wow, what an amazing family pic! How long have you been married?",
    "Melanie: Got any paintings to show? [shares a photo: a photo of a canvas]",
    "That sounds awesome! What did you take away from it? 🌟",
    "你们结婚多久了？", "Tom: 周末去哪儿玩了呢",
])
def test_a_message_ending_in_a_question_is_a_prompt(text):
    assert ends_with_question(text)


@pytest.mark.parametrize("text", [
    "Did you see it? I painted that lake sunrise last year.",
    "Melanie: 5 years already! Time flies.",
    "我昨天去苏州了。", "", "Caroline: [shares a photo: a dog]",
])
def test_a_statement_is_not_a_prompt(text):
    assert not ends_with_question(text)


def _fused(*pairs):
    return [Fused(k, s) for k, s in pairs]


def test_a_reply_takes_its_prompts_score_and_the_prompt_keeps_a_share():
    fused = _fused(("prompt", 0.9), ("noise", 0.6), ("reply", 0.2))
    out, lifts = lift_replies(fused, {"prompt": "reply"}, factor=1.0, keep=0.85)
    assert [f.key for f in out] == ["reply", "prompt", "noise"]
    assert out[0].score == pytest.approx(0.9) and out[1].score == pytest.approx(0.765)
    assert out[0].contributions[REPLY_TO][0] == 1  # "reply to fused #1", for the trace
    assert [(x.reply, x.prompt, x.before) for x in lifts] == [("reply", "prompt", 0.2)]


def test_a_reply_no_path_found_is_added_and_a_weaker_prompt_never_lowers_a_reply():
    out, _ = lift_replies(_fused(("q", 0.5), ("a", 0.8)), {"q": "new"}, factor=1.0)
    assert {f.key: f.score for f in out} == {"a": 0.8, "q": 0.5, "new": 0.5}
    out, lifts = lift_replies(_fused(("strong_reply", 0.9), ("q", 0.3)), {"q": "strong_reply"}, factor=1.0)
    assert out[0].key == "strong_reply" and out[0].score == 0.9 and not lifts


def test_lifts_do_not_chain_through_a_reply_that_asks_back():
    # q1 -> r1 (which itself asks something) -> r2: r2 gets r1's own score, not q1's
    out, _ = lift_replies(_fused(("q1", 1.0), ("r1", 0.1)), {"q1": "r1", "r1": "r2"}, factor=1.0)
    scores = {f.key: f.score for f in out}
    assert scores["r1"] == 1.0 and scores["r2"] == pytest.approx(0.1)


def test_the_one_named_speaker_of_a_question():
    speakers = {"Melanie", "Caroline", "Jon Smith"}
    assert named_speaker("What has Melanie painted?", speakers) == "Melanie"
    assert named_speaker("Where does jon work now?", speakers) == "Jon Smith"  # first name, any case
    assert named_speaker("What do Melanie and Caroline both like?", speakers) is None
    # several named, not together: the first is the subject
    assert named_speaker("What did Caroline say about Melanie's horse?", speakers) == "Caroline"
    assert named_speaker("小王和老李周末做了什么？", {"小王", "老李"}) is None
    assert named_speaker("What did I paint?", speakers) is None
    assert named_speaker("小王最近在忙什么？", {"小王", "老李"}) == "小王"


@pytest.mark.parametrize("text,about", [
    ("Caroline: Thanks, Melanie! I painted this after the trip.", False),
    ("Caroline: Wow, Melanie, that is great.", False),
    ("Caroline: Melanie painted a horse for her daughter.", True),
    ("Caroline: I told Melanie about the show.", True),
    ("Caroline: Melanie's kids loved the camping trip.", True),
])
def test_a_name_that_only_addresses_someone_says_nothing_about_them(text, about):
    assert mentions_about("Melanie", text.split(": ", 1)[1]) is about
    assert other_speaker("Melanie", "Caroline", text) is (not about)


def test_the_speakers_own_lines_and_the_users_lines_that_name_them():
    assert not other_speaker("Melanie", "Melanie", "Melanie: I painted a horse.")
    assert not other_speaker("Melanie", None, "I went hiking with Melanie.")
    assert other_speaker("Melanie", None, "I painted a horse.")


def test_reranker_lowers_other_speakers_only_for_a_question_naming_one():
    cands = [RerankCandidate("caroline", 1.0, "user", "Caroline: Thanks, Melanie! I painted a sunset.", 0.0, "Caroline"),
             RerankCandidate("melanie", 0.9, "user", "Melanie: Here is my horse painting.", 0.0, "Melanie"),
             RerankCandidate("low", 0.1, "user", "Caroline: See you soon.", 0.0, "Caroline")]
    about = rerank(cands, quoted=[], now=0.0, about_speaker="Melanie")
    assert [r.key for r in about][:2] == ["melanie", "caroline"]
    assert about[1].deltas["speaker"] == RERANK_OTHER_SPEAKER
    assert [r.key for r in rerank(cands, quoted=[], now=0.0)][:2] == ["caroline", "melanie"]


def test_only_the_users_own_words_get_the_user_bonus():
    assert author_delta("user") > 0
    assert author_delta("user", "Melanie") == 0.0


def _line(session, speaker, text, t, mid):
    return {"type": "chat", "session_id": session, "role": "user", "speaker": speaker,
            "content": text, "occurred_at": t, "message_id": mid}


CHAT = [
    _line("s1", "Caroline", "Wow, what an amazing wedding pic! How long have you been married?", T0, "m1"),
    _line("s1", "Melanie", "Five years already! Time flies, it feels like yesterday.", T0 + 60, "m2"),
    _line("s1", "Caroline", "Thanks, Melanie! I painted a sunset over the lake, painted it twice.", T0 + 120, "m3"),
    _line("s1", "Melanie", "Here is the horse I painted for my daughter.", T0 + 180, "m4"),
    _line("s2", "Caroline", "My cousin got married in a castle, they have been married for years.", T0 + DAY, "m5"),
]


@pytest.fixture
def group_chat(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads(CHAT)
    engine.run_until_idle()
    return engine


def _ids(engine):
    return {e.source_item_id: e.event_id for e in engine.list_events(limit=100)}


def test_the_answer_to_a_matching_chat_question_is_found_with_it(group_chat):
    ids = _ids(group_chat)
    pkg = group_chat.retrieval.query("How long have Melanie and her husband been married?", "episode_recall",
                           now=T0 + 2 * DAY)
    ranked = [f.event_id for f in pkg.ranked]
    assert ids["m2"] in ranked[:2], "the reply shares no word with the question but answers it"
    assert ranked.index(ids["m2"]) < ranked.index(ids["m5"])
    lifts = pkg.trace.reply_lifts
    assert any(x["reply"] == ids["m2"] and x["prompt"] == ids["m1"] for x in lifts)
    fused = next(c for c in pkg.trace.fused if c["event_id"] == ids["m2"])
    assert REPLY_TO in fused["contributions"]


def test_a_question_about_a_speaker_ranks_their_own_line_first(group_chat):
    ids = _ids(group_chat)
    pkg = group_chat.retrieval.query("What has Melanie painted?", "episode_recall", now=T0 + 2 * DAY)
    ranked = [f.event_id for f in pkg.ranked]
    assert ranked[0] == ids["m4"]
    caroline = next(r for r in pkg.trace.rerank if r["event_id"] == ids["m3"])
    assert caroline["deltas"]["speaker"] == RERANK_OTHER_SPEAKER


def test_an_assistants_reply_is_never_lifted_but_a_users_answer_to_it_is(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("s", "user", "Which wine goes well with grilled salmon?", T0, "u1"),
        chat("s", "assistant", "A dry Riesling or a light Pinot Noir pairs nicely.", T0 + 60, "a1"),
        chat("t", "assistant", "What breed is your new puppy?", T0 + DAY, "a2"),
        chat("t", "user", "A beagle, we call him Biscuit.", T0 + DAY + 60, "u2"),
    ])
    engine.run_until_idle()
    ids = _ids(engine)
    pkg = engine.retrieval.query("Which wine goes well with grilled salmon?", "episode_recall", now=T0 + 2 * DAY)
    lifted = {x["reply"] for x in pkg.trace.reply_lifts}
    assert ids["a1"] not in lifted, "generated text is not evidence of what the user said"
    pkg = engine.retrieval.query("What breed is my new puppy?", "episode_recall", now=T0 + 2 * DAY)
    assert any(x["reply"] == ids["u2"] and x["prompt"] == ids["a2"] for x in pkg.trace.reply_lifts)
