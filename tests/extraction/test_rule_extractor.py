"""The offline Phase 1 rule extractor: precision/recall on the labelled bilingual set, and the
behaviours the rest of L2 relies on."""

from __future__ import annotations

import json
from pathlib import Path

from memory_core.extraction.evaluation import evaluate, known_entities, load
from memory_core.extraction.inputs import EntityHintInput, ExtractionInput, KnownEntity
from memory_core.extraction.rule_extractor import RuleExtractor
from memory_core.extraction.schema import PHASE1_JSON_SCHEMA, Phase1Output
from memory_core.providers.json_output import validation_errors

LABELLED = Path(__file__).parent / "labelled_sentences.json"
R = RuleExtractor()


def claims(text: str, known=(), **kw):
    out = R.extract([ExtractionInput("e1", text, **kw)], list(known))
    return {(c.subject, c.predicate, c.object, c.kind, c.trait, c.negated) for c in out.all_claims}, out


def test_labelled_set_precision_and_recall(capsys):
    data = load(LABELLED)
    assert len(data["items"]) >= 60
    assert {i["id"][:2] for i in data["items"]} >= {"en", "zh", "s0"}
    dev, heldout = evaluate(R, data, "dev"), evaluate(R, data, "heldout")
    with capsys.disabled():
        print("\nrule extractor:", json.dumps({"dev": dev.to_json(), "heldout": heldout.to_json()},
                                              ensure_ascii=False))
    # regression gates a little under the measured values (docs/providers.md has the numbers)
    assert dev.entities.precision >= 0.95 and dev.entities.recall >= 0.93
    assert dev.claims.precision >= 0.95 and dev.claims.recall >= 0.95
    assert heldout.entities.precision >= 0.75 and heldout.entities.recall >= 0.8
    # 0.85 before the dated-future-start convention: two held-out lines of this file ("next
    # month I start at …") are labelled "no claim" under the old one and now count as false
    # positives (held-out labels are never relabelled); measured 0.909 before, 0.833 after
    assert heldout.claims.precision >= 0.80 and heldout.claims.recall >= 0.65


def test_output_is_valid_phase1_json_and_round_trips():
    data = load(LABELLED)
    from memory_core.extraction.evaluation import to_input

    out = R.extract([to_input(i) for i in data["items"]], known_entities(data))
    payload = out.to_json()
    assert validation_errors(payload, PHASE1_JSON_SCHEMA) == []
    assert Phase1Output.from_json(payload, producer="rule").to_json() == payload
    assert out.producer == "rule"


def test_move_yields_a_residence_trait_that_can_supersede():
    found, _ = claims("我上个月搬到了嘉兴。")
    assert ("user", "MOVED_TO", "嘉兴", "relation", None, False) in found
    assert ("user", "MOVED_TO", "嘉兴", "trait", "residence", False) in found
    found, _ = claims("I used to live in Shanghai.")  # past: no current-residence trait
    assert found == {("user", "LIVES_IN", "shanghai", "relation", None, False)}


def test_negation_question_hypothetical_and_third_person():
    assert ("user", "BOUGHT", "car", "relation", None, True) in claims("I never bought a car.")[0]
    assert claims("我是不是喜欢猫？")[0] == set()
    assert claims("If I had money I would buy a Tesla.")[0] == set()
    found, _ = claims("我妈妈喜欢猫")
    assert {c[0] for c in found} == {"妈妈"}  # never attributed to the user


def test_catalog_match_carries_the_entity_id():
    known = [KnownEntity("ent_ali", "Alibaba", "organization", ("阿里巴巴",))]
    found, out = claims("我在阿里巴巴工作。", known)
    assert ("user", "WORKS_AT", "Alibaba", "relation", None, False) in found
    assert [(e.name, e.resolved_id) for e in out.entities] == [("Alibaba", "ent_ali")]


def test_coreference_resolves_to_a_compatible_earlier_entity_or_reports_unresolved():
    out = R.extract([ExtractionInput("e1", "I moved to Boston and bought a blender."),
                     ExtractionInput("e2", "I use it every morning.")], [])
    [ref] = out.resolved_refs
    assert (ref.mention, ref.resolved_to, ref.status) == ("it", "blender", "resolved")  # not Boston
    assert any(c.predicate == "USES" and c.object == "blender" and c.event_id == "e2"
               for c in out.fact_claims)
    out = R.extract([ExtractionInput("e3", "我很喜欢它")], [])
    assert [(r.mention, r.status) for r in out.resolved_refs] == [("它", "unresolved")]
    assert out.fact_claims == []


def test_sensor_events_use_structured_fields_not_template_prose():
    event = ExtractionInput(
        "s1", "[网易云音乐·听歌] 在网易云音乐听了 Coldplay 的《Yellow》", author_type="external",
        event_type="SENSOR_EVENT", source="netease_music",
        activity={"source_code": "netease_music", "action_code": "listen_music"},
        raw={"provenance": {"track_name": "Yellow", "artist_name": "Coldplay"}},
        structured_entity_hints=(EntityHintInput("Coldplay", "creator"),))
    out = R.extract([event], [])
    assert {(c.subject, c.predicate, c.object) for c in out.fact_claims} == {
        ("user", "LISTENED_TO", "yellow"), ("yellow", "CREATED_BY", "coldplay")}
    assert {(e.name, e.entity_type) for e in out.entities} == {("yellow", "media"),
                                                               ("coldplay", "creator")}


def test_from_row_reads_metadata_json():
    row = {"event_id": "e9", "content": "x", "author_type": "external", "occurred_at": 1.0,
           "session_id": None, "source": "git", "event_type": "SENSOR_EVENT",
           "metadata_json": json.dumps({"structured_entity_hints": [
               {"mention_text": "magi-desktop", "entity_type": "project"}],
               "activity": {"source_code": "git", "action_code": "commit", "object_code": "c"},
               "raw": {"provenance": {"repo": "magi-desktop"}}})}
    event = ExtractionInput.from_row(row)
    assert event.structured_entity_hints == (EntityHintInput("magi-desktop", "project"),)
    out = R.extract([event], [])
    assert [(c.predicate, c.object) for c in out.fact_claims] == [("WORKS_ON", "magi-desktop")]


def _full(text: str):
    out = R.extract([ExtractionInput("e1", text)], [])
    return [(c.subject, c.predicate, c.object, c.kind, c.directness, c.evidence_text)
            for c in out.fact_claims], out


def test_worked_example_statement_before_a_question_is_read_clause_by_clause():
    # day 1 of the design's worked example, as written (dash / comma, not a full stop)
    for text, name, clause in [
            ("I want to make soup with my new pressure cooker — any recipes designed for it?",
             "pressure cooker", "I want to make soup with my new pressure cooker"),
            ("I want to make soup with my new pressure cooker — recipes?",
             "pressure cooker", "I want to make soup with my new pressure cooker"),
            ("我想用新的高压锅煲汤，有什么专为高压锅设计的食谱吗？", "高压锅", "我想用新的高压锅煲汤")]:
        found, out = _full(text)
        # the wish is about the soup; "my new pressure cooker" presupposes ownership: implied
        assert found == [("user", "OWNS", name, "relation", "implied", clause)], text
        assert (name, "appliance") in {(e.name, e.entity_type) for e in out.entities}
    found, _ = _full("I just bought an air fryer, can you recommend recipes?")
    assert found == [("user", "BOUGHT", "air fryer", "relation", "explicit",
                      "I just bought an air fryer")]
    found, _ = _full("Recommend a few recipes, I just bought a rice cooker.")  # instruction first
    assert [c[:3] for c in found] == [("user", "BOUGHT", "rice cooker")]


def test_question_clauses_and_acquisition_wishes_yield_no_claims():
    for text in ["Can my new laptop run this game?",  # presupposes, but a question is no fact
                 "我新买的电饭煲是不是坏了？",
                 "我想买新的手机，有什么推荐吗？",  # a wish to acquire: nothing owned yet
                 "I want to buy a new phone, any suggestions?",
                 "If I buy an air fryer, what should I cook first?",
                 "如果买了新的空气炸锅，先做什么好？",
                 "我想去成都旅游，有什么推荐的景点吗？"]:
        assert _full(text)[0] == [], text


def test_offsets_of_clauses_point_into_the_event_text():
    # the same word in the question and the statement: the mention of the statement clause is used
    text = "空气炸锅好用吗？我昨天买了一个空气炸锅，有什么食谱？"
    found, out = _full(text)
    assert [c[:3] for c in found] == [("user", "BOUGHT", "空气炸锅")]
    assert found[0][5] == "我昨天买了一个空气炸锅"


def test_extractor_states_nothing_where_the_classifier_saw_no_statement():
    """The classifier and the extractor share one clause rule (governance.cues.statement_clauses):
    a user message not kept as user_self_report yields no fact claim."""
    from memory_core.governance.classifier import ClassifierInput, classify
    from memory_core.policy import AuthorType, ContentType, EventType, EvidenceClass

    data = load(LABELLED)
    checked = 0
    for item in data["items"]:
        if item.get("author_type", "user") != "user":
            continue
        cls = classify(ClassifierInput(AuthorType.USER, ContentType.UTTERANCE,
                                       EventType.CHAT_MESSAGE, item["text"])).evidence_class
        found, _ = claims(item["text"], known_entities(data))
        if cls is not EvidenceClass.USER_SELF_REPORT:
            checked += 1
            assert found == set(), (item["id"], cls, found)
    assert checked >= 8


# -- issue 14 conventions (held-out labels) ------------------------------------------------------


def _rel(found, subject, predicate, obj, negated=False):
    return (subject, predicate, obj, "relation", None, negated) in found


def _trait(found, subject, predicate, obj, trait, negated=False):
    return (subject, predicate, obj, "trait", trait, negated) in found


def test_an_end_of_a_value_memory_never_held_names_it():
    """'I left Intel': the user expects memory to know they no longer work there - the entity,
    the negated relation and the negated trait, even though Intel was never mentioned."""
    for text, value in (("I left Intel in April.", "intel"), ("我上个月从京东离职了。", "京东"),
                        ("Our dog Rocky passed away this morning.", "rocky")):
        found, out = claims(text)
        family = "WORKS_AT" if value != "rocky" else "HAS_PET"
        trait = "employer" if value != "rocky" else "pet"
        assert _rel(found, "user", family, value, True) and _trait(found, "user", family, value, trait, True), found
        assert value in {e.name for e in out.entities}
        assert "dog" not in {e.name for e in out.entities}  # a species word beside the name


def test_an_end_that_names_nothing_is_no_claim():
    for text in ("I quit my job last week.", "我跟男朋友分手了。", "I left my keys at home and quit smoking.",
                 "我和老公离婚了。", "I'm single again."):
        found, out = claims(text)
        assert not found, (text, found)
        assert not {e.name for e in out.entities} & {"job", "keys", "my keys", "smoking"}


def test_a_past_value_is_the_relation_alone_and_a_future_start_no_present_claim():
    found, _ = claims("I used to live in Dublin.")
    assert _rel(found, "user", "LIVES_IN", "dublin") and not any(c[3] == "trait" for c in found)
    found, _ = claims("我以前在腾讯工作过。")
    assert _rel(found, "user", "WORKS_AT", "腾讯") and not any(c[3] == "trait" for c in found)
    # a dated future start is scheduled from its date (test_future_starts), never a present claim:
    # the output sets it apart from the facts the line states
    for text in ("We're moving to Atlanta next month.", "我下周一去网易报到。"):
        out = claims(text)[1]
        assert not out.fact_claims, out.fact_claims
        assert out.scheduled_claims and all(c.time_hint.startswith("from:") for c in out.scheduled_claims)


def test_a_change_in_one_sentence_is_an_end_and_a_start():
    found, _ = claims("I traded in my Camry for a Rivian R1S.")
    assert _rel(found, "user", "DRIVES", "camry", True) and _rel(found, "user", "DRIVES", "rivian r1s")
    found, _ = claims("我从携程跳槽到了滴滴。")
    assert _rel(found, "user", "WORKS_AT", "携程", True) and _trait(found, "user", "WORKS_AT", "滴滴", "employer")


def test_generic_nouns_and_cities_are_no_values():
    for text in ("I joined a startup in Brooklyn.", "我在一家创业公司上班。", "我在深圳上班。", "我喜欢这种感觉。",
                 "我去了一趟那边。"):
        found, out = claims(text)
        assert not found, (text, found)


def test_named_people_speak_for_themselves():
    found, out = claims("Tom from my team just left Intel for AMD.")
    assert _rel(found, "tom", "WORKS_AT", "intel", True) and _rel(found, "tom", "WORKS_AT", "amd")
    assert not any(c[0] == "user" for c in found)  # and no trait: a third person's
    assert not any(c[3] == "trait" for c in found)
    found, out = claims("Ben: My mom works at Kroger.", speaker="Ben")
    assert not found and "mom" not in {e.name for e in out.entities}


def test_diet_values_are_one_english_vocabulary():
    assert _trait(claims("我现在吃纯素。")[0], "user", "FOLLOWS_DIET", "vegan", "diet")
    assert _trait(claims("我最近在搞生酮饮食。")[0], "user", "FOLLOWS_DIET", "keto", "diet")
    found, out = claims("我不吃素了，又开始吃肉。")
    assert _trait(found, "user", "FOLLOWS_DIET", "vegetarian", "diet", True)
    assert "肉" not in {e.name for e in out.entities}


def test_names_come_from_segmentation_and_capitalisation():
    _, out = claims("Should I move to Seattle or Portland?")
    assert {("seattle", "place"), ("portland", "place")} <= {(e.name, e.entity_type) for e in out.entities}
    _, out = claims("林悦上周搬到天津了。")
    assert {("林悦", "person"), ("天津", "place")} <= {(e.name, e.entity_type) for e in out.entities}
    assert "林悦上周" not in {e.name for e in out.entities}
    _, out = claims("我是一名咖啡师。")
    assert "咖啡" not in {e.name for e in out.entities}  # a word inside a longer word


def test_an_abbreviated_saint_mount_or_fort_opens_the_name():
    from memory_core.extraction.inputs import ExtractionInput
    from memory_core.extraction.rule_extractor import RuleExtractor

    out = RuleExtractor().extract([ExtractionInput("e1", "I work as a nurse at St. Mary's Hospital."),
                                   ExtractionInput("e2", "We moved to St. Louis last spring.")], [])
    names = {e.name for e in out.entities}
    assert {"st. mary's hospital", "st. louis"} <= names and "st" not in names
    assert {(c.predicate, c.object) for c in out.fact_claims if c.kind == "relation"} >= {
        ("WORKS_AT", "st. mary's hospital"), ("MOVED_TO", "st. louis")}


def test_going_to_a_meal_bed_or_an_event_is_no_place_visited():
    from memory_core.extraction.inputs import ExtractionInput
    from memory_core.extraction.rule_extractor import RuleExtractor

    texts = ["We went to dinner last night.", "I went to bed early.", "I went to a concert.",
             "We went to Lisbon in May."]
    out = RuleExtractor().extract([ExtractionInput(f"e{i}", t) for i, t in enumerate(texts)], [])
    assert {(c.event_id, c.predicate, c.object) for c in out.fact_claims} == {("e3", "VISITED", "lisbon")}
    assert {e.name for e in out.entities} == {"lisbon"}


def test_a_chat_report_that_drops_its_subject_is_the_speakers():
    from memory_core.extraction.inputs import ExtractionInput
    from memory_core.extraction.rule_extractor import RuleExtractor

    texts = ["Got a new job at Initrode, starting Monday.", "Just moved to Tucson last month.",
             "Get a job at Google!", "Melanie: Moved to Reno in May."]
    out = RuleExtractor().extract([ExtractionInput(f"e{i}", t, speaker="Melanie" if i == 3 else None)
                                   for i, t in enumerate(texts)], [])
    got = {(c.event_id, c.subject, c.predicate, c.object) for c in out.all_claims if c.kind == "relation"}
    assert ("e0", "user", "WORKS_AT", "initrode") in got and ("e1", "user", "MOVED_TO", "tucson") in got
    assert not any(e == "e2" for e, *_ in got), "advice in the present tense is nobody's job"
    assert not any(e == "e3" and s == "user" for e, s, *_ in got), "a named speaker's report is theirs"


def test_a_home_town_word_before_a_place_name_is_no_part_of_it():
    from memory_core.extraction.inputs import ExtractionInput
    from memory_core.extraction.rule_extractor import RuleExtractor

    out = RuleExtractor().extract([ExtractionInput("e1", "我搬回老家洛阳了。"), ExtractionInput("e2", "我搬回老家了。")], [])
    assert {(c.event_id, c.predicate, c.object) for c in out.fact_claims if c.kind == "relation"} == {
        ("e1", "MOVED_TO", "洛阳")}
