""""New" / "Old" that open a proper name are the name's own words: "New York" is not York, "New
Mexico" is not Mexico, "New Balance" is not a balance. They fold away only as descriptors ("my new
car" is the car). Before, ``name_norm`` dropped them everywhere, so a move from York to New York
was no move and "New Mexico" became an alias of "Mexico City". Migration 0017 re-normalises a
store written under the old reading."""

from __future__ import annotations

import pytest

from memory_core.db.migrate import migrate
from memory_core.extraction.rule_engine import clean_en_object
from memory_core.l2.lifecycle import name_norm, strip_articles
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


@pytest.mark.parametrize("name,norm", [
    ("New York", "new york"), ("new york", "new york"), ("NEW YORK", "new york"), ("York", "york"),
    ("New Mexico", "new mexico"), ("the New Jersey office", "new jersey office"), ("new york city", "new york city"),
    ("New Balance", "new balance"), ("Old Trafford", "old trafford"), ("new zealand", "new zealand"),
    # descriptors still fold
    ("my new Tesla", "tesla"), ("our old flat", "flat"), ("an old Honda", "honda"), ("new job", "job"),
    ("New car", "car"), ("the new bakery", "bakery"),
    # one rule for the lower-case names, read to a word boundary as the object cleaner reads it
    ("new york's", "new york's"), ("new zealand-based", "new zealand-based"), ("new yorkshire terrier", "yorkshire terrier"),
])
def test_name_norm_keeps_new_and_old_only_where_they_open_a_name(name, norm):
    assert name_norm(name) == norm


def test_strip_articles_keeps_the_case_and_the_name():
    assert strip_articles("New Mexico") == "New Mexico"
    assert strip_articles("my new Tesla") == "Tesla"
    assert strip_articles("the") == "the"


@pytest.mark.parametrize("phrase,obj", [
    ("a new balance running shoe", "new balance running shoe"), ("a new car", "car"),
    ("an old honda", "honda"), ("new mexico", "new mexico"), ("my old navy hoodie", "old navy hoodie"),
])
def test_the_object_phrase_drops_new_and_old_only_as_descriptors(phrase, obj):
    assert clean_en_object(phrase) == obj


def _places(engine) -> dict[str, str]:
    return {r["name_norm"]: r["entity_id"] for r in engine.db.read_all(
        "SELECT name_norm, entity_id FROM entity_catalog WHERE entity_type = 'place' AND status = 'active'")}


def test_york_and_new_york_are_two_places_and_the_move_is_a_change(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I live in York.", T0, "m1"),
                               chat("s2", "user", "I just moved to New York for work.", T0 + 60 * DAY, "m2")])
    project(l2_engine)
    places = _places(l2_engine)
    assert {"york", "new york"} <= set(places) and places["york"] != places["new york"]
    live = l2_engine.db.read_all("SELECT value FROM tom_trait_assertions WHERE trait = 'residence' AND status IN "
                                 "('tentative', 'corroborated', 'stable')")
    assert [r["value"] for r in live] == ["new york"]
    pkg = l2_engine.retrieval.query("Where do I live now?", "current_state", now=T0 + 61 * DAY)
    assert "new york" in pkg.findings[0].content.lower()


def test_new_mexico_is_no_alias_of_mexico_city(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I live in Mexico City these days.", T0, "m1"),
                               chat("s2", "user", "Big news: I moved to New Mexico, Santa Fe is lovely.",
                                    T0 + 60 * DAY, "m2")])
    project(l2_engine)
    aliases = {r["alias_norm"] for r in l2_engine.db.read_all(
        "SELECT a.alias_norm FROM entity_aliases a JOIN entity_catalog c USING (entity_id) "
        "WHERE c.name_norm = 'mexico city'")}
    assert aliases == {"mexico city"}
    assert "new mexico" in _places(l2_engine)


def test_migration_0017_re_normalises_a_store_written_under_the_old_reading(l2_engine):
    """Rows as the old ``name_norm`` wrote them: a mention alias bound by the wrong reading goes, a
    canonical alias and mention / assertion norms are recomputed; rows without "new" / "old" stay."""
    l2_engine.ingest_payloads([chat("s1", "user", "I live in Mexico City these days.", T0, "m1")])
    project(l2_engine)
    eid = _places(l2_engine)["mexico city"]
    uid = l2_engine.db.read_value("SELECT entity_id FROM entity_catalog WHERE is_user = 1")
    with l2_engine.db.write() as conn:
        conn.execute("INSERT INTO entity_aliases(alias_norm, entity_id, alias, source, created_at) "
                     "VALUES ('mexico', ?, 'New Mexico', 'mention', 0)", (eid,))
        conn.execute("INSERT INTO entity_aliases(alias_norm, entity_id, alias, source, created_at) "
                     "VALUES ('jersey', ?, 'New Jersey', 'user', 0)", (eid,))
        conn.execute("UPDATE entity_mentions SET mention_text = 'New Mexico', name_norm = 'mexico' "
                     "WHERE entity_id = ?", (eid,))
        conn.execute("INSERT INTO tom_trait_assertions(assertion_id, entity_id, trait, value, value_norm, merge_key, "
                     "term, status, confidence, created_at, updated_at) VALUES ('asr_old', ?, 'hometown', "
                     "'New Haven', 'haven', ?, 'long', 'tentative', 0.7, 0, 0)", (uid, f"{uid}|hometown|haven"))
        conn.execute("DELETE FROM schema_migrations WHERE version >= 17")
    assert 17 in migrate(l2_engine.db)
    aliases = {(r["alias_norm"], r["source"]) for r in l2_engine.db.read_all(
        "SELECT alias_norm, source FROM entity_aliases WHERE entity_id = ?", (eid,))}
    assert aliases == {("mexico city", "canonical"), ("new jersey", "user")}
    assert {r["name_norm"] for r in l2_engine.db.read_all(
        "SELECT name_norm FROM entity_mentions WHERE entity_id = ?", (eid,))} == {"new mexico"}
    row = l2_engine.db.read_all("SELECT value_norm, merge_key FROM tom_trait_assertions WHERE assertion_id = 'asr_old'")[0]
    assert (row["value_norm"], row["merge_key"]) == ("new haven", f"{uid}|hometown|new haven")
    assert l2_engine.db.read_value("SELECT count(*) FROM tom_trait_assertions WHERE trait = 'residence' "
                                   "AND value_norm = 'mexico city'") == 1
