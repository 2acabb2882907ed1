"""The dev labelled sets (``dev_sentences.json`` and the second batch ``dev2_sentences.json``,
issue 14) are well formed and apart from the held-out set.

The dev set is what the rule extractor is tuned against; the held-out set only measures it. So
the two must share no line (compared as text, never printed: the held-out items are not read
while tuning), and the dev labels obey the same vocabulary and grounding rules as the held-out
ones (``test_heldout_set``), so a dev score means the same thing as a held-out score.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.extraction.evaluation import lang_of
from tests.extraction import test_heldout_set as heldout_checks

DEV = Path(__file__).parent / "dev_sentences.json"
DEV2 = Path(__file__).parent / "dev2_sentences.json"
HELDOUT = Path(__file__).parent / "heldout_sentences.json"


@pytest.fixture(scope="module", params=[DEV, DEV2], ids=["dev", "dev2"])
def data(request) -> dict:
    return json.loads(request.param.read_text(encoding="utf-8"))


def test_the_two_dev_batches_share_no_line():
    first = {heldout_checks._n(i["text"]) for i in json.loads(DEV.read_text(encoding="utf-8"))["items"]}
    second = [heldout_checks._n(i["text"]) for i in json.loads(DEV2.read_text(encoding="utf-8"))["items"]]
    assert not first & set(second)


def test_size_language_and_ids(data):
    items = data["items"]
    assert len(items) >= 300
    assert sum(1 for i in items if lang_of(i) == "zh") * 2 >= len(items)
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    for item in items:
        assert set(item) <= heldout_checks.ITEM_KEYS and "split" not in item, item["id"]  # dev
    batches: dict[str, int] = {}
    for item in items:
        if item.get("batch"):
            batches[item["batch"]] = batches.get(item["batch"], 0) + 1
    assert len(batches) >= 10 and all(n >= 2 for n in batches.values())


def test_no_line_is_shared_with_the_heldout_set(data):
    held = {heldout_checks._n(i["text"]) for i in json.loads(HELDOUT.read_text(encoding="utf-8"))["items"]}
    shared = sum(1 for i in data["items"] if heldout_checks._n(i["text"]) in held)
    assert shared == 0, f"{shared} dev lines also in the held-out set"  # count only: never print them


def test_labels_follow_the_heldout_rules(data):
    heldout_checks.test_every_label_is_in_the_schema_vocabulary(data)
    heldout_checks.test_claim_subjects_and_objects_are_labelled_entities(data)
    heldout_checks.test_every_state_family_is_covered_in_both_languages(data)


@pytest.mark.parametrize("name,size", [("dev3", 150), ("dev4", 50), ("dev5", 90), ("dev6", 120), ("dev7", 100), ("dev8", 100), ("dev9", 80), ("dev10", 120), ("dev11", 100)])
def test_the_later_dev_batches_are_well_formed_and_apart(name, size):
    """dev3 (written after the dev2 tuning round, to estimate how far it generalises), dev4 (a
    precision probe) and dev5 (fresh wording before the final held-out run) and dev6 (fresh colloquial wording, the
    unseen-wording baseline of the generalisation round): smaller, so no family-coverage quota, but the same vocabulary and grounding,
    half Chinese, and no line shared with the held-out set or the earlier dev files."""
    later = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
    heldout_checks.test_every_label_is_in_the_schema_vocabulary(later)
    heldout_checks.test_claim_subjects_and_objects_are_labelled_entities(later)
    items = later["items"]
    assert len(items) >= size and sum(1 for i in items if lang_of(i) == "zh") * 2 >= len(items)
    texts = {heldout_checks._n(i["text"]) for i in items}
    earlier = set()
    later_names = ("dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11")  # in order: 'dev10' < 'dev3' as text
    for path in (DEV, DEV2, HELDOUT, *(Path(__file__).parent / f"{n}_sentences.json"
                                       for n in later_names[:later_names.index(name)])):
        earlier |= {heldout_checks._n(i["text"]) for i in json.loads(path.read_text(encoding="utf-8"))["items"]}
    shared = len(texts & earlier)  # a count, not the set: a failing assert must never print held-out lines
    assert shared == 0, f"{shared} lines shared with the held-out or earlier dev files"


def test_the_english_dev12_batch_is_well_formed_and_apart():
    """dev12 (the English recall round, written before the extractor ran on it): English only, so
    no half-Chinese quota; the same vocabulary and grounding, and no line shared with the
    held-out set or any earlier dev file (a count only: held-out lines are never printed)."""
    here = Path(__file__).parent
    batch = json.loads((here / "dev12_sentences.json").read_text(encoding="utf-8"))
    heldout_checks.test_every_label_is_in_the_schema_vocabulary(batch)
    heldout_checks.test_claim_subjects_and_objects_are_labelled_entities(batch)
    items = batch["items"]
    assert len(items) >= 150 and all(lang_of(i) == "en" for i in items)
    assert len({i["id"] for i in items}) == len(items)
    earlier = set()
    for path in here.glob("*_sentences.json"):
        if path.name != "dev12_sentences.json":
            earlier |= {heldout_checks._n(i["text"]) for i in json.loads(path.read_text(encoding="utf-8"))["items"]}
    shared = len({heldout_checks._n(i["text"]) for i in items} & earlier)
    assert shared == 0, f"{shared} lines shared with the held-out or earlier dev files"


@pytest.mark.parametrize("name,size", [("dev14", 70), ("dev15", 79), ("dev16", 80), ("dev17", 60), ("dev18", 60), ("dev19", 53), ("dev20", 50), ("dev21", 50), ("dev22", 30), ("dev23", 75), ("dev24", 70), ("dev25", 70), ("dev26", 70), ("dev27", 70), ("dev28", 70), ("dev29", 70), ("dev30", 60), ("dev31", 60), ("dev32", 60), ("dev33", 64), ("dev34", 64), ("dev35", 60), ("dev36", 60), ("dev37", 64), ("dev38", 64), ("dev39", 64), ("dev40", 64), ("dev41", 64), ("dev42", 64), ("dev43", 64), ("dev44", 64), ("dev45", 64), ("dev46", 64), ("dev47", 64), ("dev48", 64), ("dev49", 64), ("dev50", 64), ("dev51", 64), ("dev52", 64), ("dev53", 64), ("dev54", 63), ("dev55", 64), ("dev56", 64), ("dev57", 63), ("dev58", 63), ("dev59", 48), ("dev60", 64), ("dev61", 64), ("dev62", 64), ("dev63", 64), ("dev64", 80), ("dev65", 80), ("dev66", 80), ("dev67", 80), ("dev68", 90), ("dev69", 89), ("dev70", 89), ("dev71", 89)])
def test_the_dev14_batch_is_well_formed_and_apart(name, size):
    """dev14 (stop 25, both languages, written before the
    extractor ran on it): the same vocabulary and grounding, unique ids, and no line shared with
    the held-out set or any other dev file (a count only: held-out lines are never printed)."""
    here = Path(__file__).parent
    batch = json.loads((here / f"{name}_sentences.json").read_text(encoding="utf-8"))
    heldout_checks.test_every_label_is_in_the_schema_vocabulary(batch)
    heldout_checks.test_claim_subjects_and_objects_are_labelled_entities(batch)
    items = batch["items"]
    assert len(items) >= size and len({i["id"] for i in items}) == len(items)
    earlier = set()
    for path in here.glob("*_sentences.json"):
        if path.name != f"{name}_sentences.json":
            earlier |= {heldout_checks._n(i["text"]) for i in json.loads(path.read_text(encoding="utf-8"))["items"]}
    shared = len({heldout_checks._n(i["text"]) for i in items} & earlier)
    assert shared == 0, f"{shared} lines shared with the held-out or earlier dev files"


def test_the_dev14_batch_keeps_its_tuned_scores():
    """A regression gate on the batch this stop tuned against (first run 0.981 / 0.840, after
    0.984 / 1.000): a later rule that costs it claims shows here."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev14_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.97, report.to_json()


def test_the_dev15_batch_keeps_its_tuned_scores():
    """dev15 (stop 27), written before the extractor ran on it: first run 0.958 / 0.740 (after
    label fixes for consistency with the earlier files), after this stop's rules 1.000 / 0.927.
    The misses left: a gerund subject ("Moving out of Brooklyn was…"), a counterfactual ("If I
    hadn't dropped out of NYU…"), 'celiac' for celiac disease, "his '98 Chevy", and a bar
    called The Rusty Anchor."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev15_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.90, report.to_json()


def test_the_dev16_batch_keeps_its_tuned_scores():
    """dev16 (stop 29), written before the extractor ran on it: first run 0.953 / 0.872 (after
    label fixes for consistency with the earlier files), after this stop's rules 1.000 / 0.972.
    The misses left: "transferred to Temple" (a school no list knows, after "and") and an end
    told by what the employer did ("they cut my whole department")."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev16_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.95, report.to_json()


def test_the_dev17_batch_keeps_its_tuned_scores():
    """dev17 (stop 29, the non-state families: feelings, purchases, possessions, visits, tools,
    sales, likes; and precision traps), written before the extractor ran on it: first run
    0.913 / 0.724, after this stop's rules 1.000 / 0.948. The misses left: an unknown brand
    before a head noun (石头扫地机), "I keep my recipes in Notion", 都要刷小红书 (read as a plan)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev17_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.92, report.to_json()


def test_the_dev18_batch_keeps_its_tuned_scores():
    """dev18 (stop 29: likes, dislikes, possessions, visits, tools and feelings in other
    wordings, with speakers and traps), written before the extractor ran on it: first run
    0.917 / 0.667 (after label fixes), after this stop's rules 1.000 / 0.985. Left: 新买的Switch
    (no lexicon entry for the console alone)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev18_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.95 and report.claims.recall >= 0.93, report.to_json()


def test_the_dev19_batch_keeps_its_tuned_scores():
    """dev19 (stop 29: negated possessions and visits, batches with pronouns, assistant lines,
    speakers, relatives, states in other words, traps), written before the extractor ran on it:
    first run 0.978 / 0.815, after this stop's rules 1.000 / 1.000."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev19_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.95, report.to_json()


def test_the_dev20_batch_keeps_its_tuned_scores():
    """dev20 (stop 29: state families told as a side remark inside busier lines), written before
    the extractor ran on it: first run 0.873 / 0.509 (the hardest first look of the stop), after
    this stop's rules 0.959 / 0.870. Left: a car's end told by a part ('transmission gave out'),
    'my celiac diagnosis', 'Rest in peace, Oscar', a normal blood pressure, a husband's new
    job in a sentence a dated move makes modal, 'drive for Lyft', a pet named like a university
    (Duke)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev20_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.94 and report.claims.recall >= 0.80, report.to_json()


def test_the_dev21_batch_keeps_its_tuned_scores():
    """dev21 (stop 29, mostly Chinese everyday lines), written before the extractor ran on it:
    first run 0.791 / 0.548 (after label fixes; Chinese precision was the weak side: an
    occupation read as a partner's name, a company's lay-offs as the speaker's, 在用X做 as a
    workplace), after this stop's rules 0.957 / 0.710."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev21_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.93 and report.claims.recall >= 0.66, report.to_json()


def test_the_dev22_batch_keeps_its_tuned_scores():
    """dev22 (stop 29, Chinese casual chat: states in more constructions), written before the
    extractor ran on it: first run 1.000 / 0.837 (after label fixes), after 1.000 / 0.907. Left:
    a pet named in a later clause (猫是去年冬天捡的，叫咪咪), a partner named after the break-up
    (分手了，她叫小雪)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    data = json.loads((Path(__file__).parent / "dev22_sentences.json").read_text(encoding="utf-8"))
    report = evaluate(RuleExtractor(), data)
    assert report.claims.precision >= 0.97 and report.claims.recall >= 0.88, report.to_json()


def test_the_dev23_and_dev24_batches_keep_their_tuned_scores():
    """dev23 (75 Chinese lines) and dev24 (70 English lines), stop 30: written and labelled by a
    helper who had not seen the extractor, before it ran on them. First run: dev23 0.925 / 0.667,
    dev24 1.000 / 0.776; after this stop's rules 0.982 / 0.964 and 1.000 / 1.000. Left in dev23:
    华润万家 (a name jieba cuts 华润 / 万家, 万家 no organisation head), 记账我一直用随手记 (a topic
    before the subject), 谢谢你 as gratitude."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev23", 0.97, 0.94), ("dev24", 0.98, 0.97)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev25_and_dev26_batches_keep_their_tuned_scores():
    """dev25 (70 Chinese lines) and dev26 (70 English), stop 30: precision traps (venues, shops,
    figurative uses, titles, idioms, other people) beside genuine states, written and labelled
    by a helper who had not seen the extractor, before it ran on them. First run: dev25 1.000 /
    0.697 (entities 0.824 / 0.787), dev26 0.971 / 0.825; after this stop's rules 1.000 / 0.882
    and 1.000 / 0.950. Left: a topic before the subject (手机一直用的X, 榴莲那个味儿我…), an end
    two commas after its pet (我养的那只鹦鹉…，只好送人了), a named third person opening the line
    ("Kevin just started at Stripe"), "my cousin does" (an elided verb)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev25", 0.98, 0.86), ("dev26", 0.98, 0.93)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev27_and_dev28_batches_keep_their_tuned_scores():
    """dev27 (70 Chinese lines: name spans — made-up companies, hospitals and schools with
    long heads, districts, brand + series + code cars, pet names that are words) and dev28 (70,
    EN + ZH: state changes in unexpected wordings), stop 30, written and labelled by a helper
    who had not seen the extractor, before it ran on them. First run: dev27 0.798 / 0.644
    (entities 0.765 / 0.739) — Chinese spans were the weak side, as the held-out's Chinese
    precision says —, dev28 0.904 / 0.512; after this stop's rules 0.971 / 0.962 and
    1.000 / 0.791. Left in dev28: admissions told as 考上了 / 保研到, an employer told as
    "there" after an interview question, a condition ended by 出院 / "cleared me", a
    multi-word condition name (Hodgkin lymphoma), 从X出来以后 inside a plan clause."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev27", 0.95, 0.94), ("dev28", 0.98, 0.77)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev29_and_dev30_batches_keep_their_tuned_scores():
    """dev29 (70 lines, EN + ZH group chats with named speakers) and dev30 (60 long multi-sentence
    messages, EN + ZH), stop 30, written and labelled by a helper who had not seen the extractor,
    before it ran on them. First run: dev29 0.945 / 0.627 (a speaker's line was the weak side:
    "yep, went vegan", "guess who moved…", feelings after "Name: "), dev30 0.983 / 0.688; after
    this stop's rules 1.000 / 0.916 and 1.000 / 0.855. Left: other speakers named in a line
    only score inside a batch (the harness scores most lines alone), a liking told of a book by
    its title alone, 它 as the car in 开它上班, a move told as 来了西宁."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev29", 0.98, 0.89), ("dev30", 0.98, 0.83)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev31_and_dev32_batches_keep_their_tuned_scores():
    """dev31 (60 English) and dev32 (60 Chinese) lines, stop 30: everyday and unusual wordings
    ("P&G employee as of today", "So long Mazda3, hello Ioniq 5", 正式成为一名字节人了,
    我家狗子去汪星了) with a known-entity catalog the lines name by alias, written and labelled by
    a helper who had not seen the extractor, before it ran on them. First run: dev31 0.929 /
    0.553, dev32 1.000 / 0.682; after this stop's rules 1.000 / 0.809 and 1.000 / 0.824. Left:
    "X employee as of today", "So long X, hello Y", "RIP <pet>" with no pet word near, a stay
    told with its dash-separated diet ("stopped being vegan — pescatarian"), 入职第一天 before
    the company, a car sold told topic-first across a comma (途观开了六年，这周末终于出手了)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev31", 0.98, 0.78), ("dev32", 0.98, 0.80)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev33_to_dev35_batches_keep_their_tuned_scores():
    """dev33 (64 Chinese WeChat lines), dev34 (64 English lines typed as people text: all lower
    case, abbreviations, British and Australian words) and dev35 (60 long messages holding
    several facts, both languages), stop 31, written and labelled by helpers who had not seen
    the extractor, before it ran on them. First run: dev33 0.860 / 0.521, dev34 0.939 / 0.320
    (lower-case names unseen), dev35 0.942 / 0.540. Tuned this stop: lower-case English lines get
    their names' capitals back (``extraction/truecase``), a few Chinese openers, particles,
    diets and discharges, many facts in one English message, corrections ("I meant Dallas, not
    Austin", 不对，是泉州，不是厦门) and a partner by pronoun (test_dev35_mechanisms)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev33", 0.97, 0.71), ("dev34", 0.97, 0.78), ("dev35", 0.98, 0.76)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev36_and_dev37_batches_keep_their_tuned_scores():
    """dev36 (60 Chinese lines: facts spread over 2–3 lines, long messages, corrections, group
    chats) and dev37 (64 English lines as the world types them: Indian, Singaporean, Filipino,
    Nigerian English, dictated lines, shouting), stop 31, by helpers who had not seen the
    extractor, labelled before it ran on them. First run (on the stop's base, 3b8a2bf): dev36
    0.958 / 0.532, dev37 0.848 / 0.471; with this stop's earlier rules 0.951 / 0.566 and 0.857 /
    0.504 (the transfer from other batches); then tuned (test_dev36_mechanisms, test_dev37_mechanisms)."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev36", 0.98, 0.69), ("dev37", 0.98, 0.85)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev38_and_dev39_hard_lines_keep_their_tuned_scores():
    """dev38 (64 English) and dev39 (64 Chinese) hard lines, stop 31: a state word whose state is
    someone else's, an organisation's (our office moved, 我们公司搬到), another sense (the Nike
    account, 在开会, 天天去海边散步), or past, hedged, planned or asked — and ~22 real states in the
    same style — written and labelled by helpers who had not seen the extractor, before it ran on
    them. First run on the stop's base (3b8a2bf): dev38 0.841 / 0.712, dev39 0.673 / 0.611 (the
    precision these lines exist to measure); tuned by test_dev38_mechanisms."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev38", 0.94, 0.86), ("dev39", 0.95, 0.64)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev40_and_dev41_life_stories_keep_their_scores():
    """dev40 (English) and dev41 (Chinese): 32 threads of 3–5 lines each told over weeks (job hunt
    to quitting, dating to divorce, a pet from adoption to death …), by helpers who had not seen
    the extractor, labelled before it ran on them. First run on the stop's base (3b8a2bf): 0.894 /
    0.472 and 0.905 / 0.373 — later lines refer back (there, it, 那边, a dropped object) and most
    of that is still missed (left for planning); a few fixes in test_dev40_mechanisms."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, p, r in (("dev40", 0.88, 0.55), ("dev41", 0.95, 0.52)):
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev42_to_dev47_batches_keep_their_scores():
    """Six batches of stop 32 (384 lines, half Chinese), written and labelled by helpers who had
    not seen the extractor, before it ran on them: state words inside other contexts (plots,
    clients, drafts, idioms; dev42 English, dev43 Chinese), imported group chats with named
    speakers (dev44, dev45), tense, near misses and plans that changed (dev46), and lines to the
    assistant about its memory — corrections, updates, short answers (dev47). First run on the
    stop's base (eb2972b): 0.795 / 0.673, 0.905 / 0.691, 0.967 / 0.707, 0.976 / 0.606,
    0.902 / 0.407, 1.000 / 0.568; tuned by test_dev42_mechanisms and test_dev46_mechanisms."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    floors = {"dev42": (0.94, 0.70), "dev43": (0.97, 0.71), "dev44": (0.97, 0.79), "dev45": (0.97, 0.73),
              "dev46": (0.97, 0.63), "dev47": (0.97, 0.63)}
    for name, (p, r) in floors.items():
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())


def test_the_dev48_to_dev51_batches_keep_their_scores():
    """Four more batches of stop 32 (256 lines, 192 Chinese), by helpers who had not seen the
    extractor, labelled before it ran on them: polysemous state words beside real states
    (dev48 Chinese: 走了, 开, 养, 住, 挂了 …; dev49 English: left, moved, drive, lost, passed,
    split …), relatives sharing a line with the teller (dev50), the wider Chinese vocabulary of
    states — formal, chat and regional (dev51). First run (6a52923): 0.966 / 0.814, 0.935 / 0.754,
    0.943 / 0.574, 0.881 / 0.346; tuned by test_dev48_mechanisms."""
    _assert_claim_floors({"dev48": (0.97, 0.84), "dev49": (0.97, 0.77), "dev50": (0.97, 0.62), "dev51": (0.97, 0.74)})


def test_the_dev52_to_dev55_batches_keep_their_scores():
    """The last four batches of stop 32 (255 lines, 128 Chinese), by helpers who had not seen the
    extractor, labelled before it ran on them: English typed fast and sloppy (dev52), Chinese
    with English words and spaces for commas (dev53), health, diet and school in depth (dev54),
    chains of values told in one message (dev55). First run (8caf9d9): 0.955 / 0.640,
    0.867 / 0.415, 0.955 / 0.711, 0.922 / 0.654; tuned by test_dev52_mechanisms."""
    _assert_claim_floors({"dev52": (0.97, 0.64), "dev53": (0.95, 0.61), "dev54": (0.95, 0.70), "dev55": (0.97, 0.67)})


def test_the_dev56_and_dev57_batches_keep_their_scores():
    """Stop 35's two batches of the held-out's mix (64 Chinese, 63 English lines), by helpers who
    had not seen the extractor, labelled before it ran on them (dev56's relatives relabelled to
    the files' kin names, listed in its about). First run (3b2d11a): 0.959 / 0.787 (0.973 / 0.831
    after the relabel) and 0.986 / 0.758; tuned by test_dev56_mechanisms. dev58 (32 + 31 lines,
    the same mix, written after that round): first run 0.961 / 0.822 (Chinese 0.912 / 0.705).
    dev59 (48 zh, the last of the stop, with brand-in-name and meme traps): first run 0.849 / 0.652."""
    _assert_claim_floors({"dev56": (0.97, 0.83), "dev57": (0.98, 0.80), "dev58": (0.98, 0.85), "dev59": (0.98, 0.80)})


def test_the_stop36_batches_keep_their_scores():
    """Stop 36's four batches, by helpers who had not seen the extractor, labelled before it ran
    on them. First runs: dev60 (64 zh, longer multi-clause lines) 0.920 / 0.552 (after 86119f1);
    dev61 (64 zh, colloquial registers: 俺/咱, voice-typed, 朋友圈) 0.771 / 0.284, 0.857 / 0.316
    after relabelling 我爸/我姐/我妈 to the kin names; dev62 (64 zh, lines that look like the user's
    state and are not) 0.814 / 0.500; dev63 (32 en + 32 zh, a long chat with the assistant) 0.937 /
    0.740. Tuned by test_dev60_mechanisms; recall stays low on the colloquial batches."""
    _assert_claim_floors({"dev60": (0.98, 0.62), "dev61": (0.95, 0.41), "dev62": (0.98, 0.50), "dev63": (0.97, 0.79)})


def test_the_stop37_batches_keep_their_scores():
    """Stop 37's four batches, by helpers who had not seen the extractor, labelled before it ran
    on them, of the held-out's kind: short plain lines. First runs: dev64 (80 zh) 1.000 / 0.730;
    dev65 (80 en) 1.000 / 0.863; dev66 (40 en + 40 zh, the state-change families and speakers as
    issue 14 names them) 0.992 / 0.926; dev67 (40 en + 40 zh, the issue's bad-input and
    LoCoMo-junk classes) 1.000 / 0.873. Tuned by test_dev64_mechanisms."""
    _assert_claim_floors({"dev64": (0.99, 0.97), "dev65": (0.99, 0.97), "dev66": (0.99, 0.95), "dev67": (0.99, 0.90)})


def test_the_stop42_batches_keep_their_scores():
    """Stop 42's two batches, by helpers who saw no code and no other set, from the held-out's
    conventions text alone (a dated future start is no claim): dev68 (30 en + 60 zh) and dev69
    (60 en + 30 zh), short lines with ~35 % traps. First runs 0.893 / 0.730 and 0.860 / 0.615,
    eight of the 24 false claims dated future starts (now scheduled claims, not facts); the rest
    tuned by test_stop42_mechanisms."""
    _assert_claim_floors({"dev68": (0.92, 0.72), "dev69": (0.95, 0.63)})


def test_the_stop42_group_chat_batches_keep_their_scores():
    """Stop 42's second pair, written the same way with a quarter group-chat lines and a quarter
    longer messages: dev70 (60 zh + 30 en) and dev71 (60 en + 30 zh). At the stop's base 0.916 /
    0.750 and 0.970 / 0.731; measured again, unread, at the stop's code then 0.953 / 0.756 and 0.970
    / 0.743 (the first pair's mechanisms generalising); then read and tuned on."""
    _assert_claim_floors({"dev70": (0.97, 0.77), "dev71": (0.96, 0.74)})


def _assert_claim_floors(floors: dict[str, tuple[float, float]]) -> None:
    """Each named batch's claim precision and recall at or above its floor."""
    from memory_core.extraction.evaluation import evaluate
    from memory_core.extraction.rule_extractor import RuleExtractor

    for name, (p, r) in floors.items():
        data = json.loads((Path(__file__).parent / f"{name}_sentences.json").read_text(encoding="utf-8"))
        report = evaluate(RuleExtractor(), data)
        assert report.claims.precision >= p and report.claims.recall >= r, (name, report.to_json())
