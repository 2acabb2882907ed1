"""The in-memory alias index finds exactly what instr() + the whole-word rule found, and follows
the table through inserts, deletions and reused rowids."""

from __future__ import annotations

import random
import re

from memory_core.l2 import alias_index
from memory_core.l2.alias_index import AliasIndex, eligible


def _reference(lowered: str, aliases: list[str]) -> set[str]:
    out = set()
    for a in aliases:
        if not eligible(a) or a not in lowered:
            continue
        if any("\u3400" <= ch <= "\u9fff" for ch in a) or \
                re.search(r"(?<![\w])" + re.escape(a) + r"(?![\w])", lowered):
            out.add(a)
    return out


def test_find_matches_substring_for_cjk_and_whole_words_otherwise():
    aliases = ["air fryer", "fryer", "tag", "stage", "咖啡", "咖啡机", "京东】高压锅 新款", "【京东】高压锅", "amazon.com: coffee",
               "ab", "a", "co", "c++", "no.1 fan"]
    idx = AliasIndex()
    for a in aliases:
        idx.add(a)
    rng = random.Random(3)
    words = ["air", "fryer", "fryers", "tag", "stage", "咖啡", "咖啡机", "我", "买", "京东】高压锅", "【京东】高压锅", "新款", "amazon.com:",
             "coffee", "c++", "no.1", "fan", "the", "(fryer)", "-", "air-fryer"]
    for _ in range(400):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 9)))
        if rng.random() < 0.3:
            text = text.replace(" ", "")
        assert idx.find(text) == _reference(text, aliases), text


def test_current_follows_inserts_deletes_and_rebuilds(tmp_path):
    import apsw

    from importlib import resources

    conn = apsw.Connection(str(tmp_path / "a.db"))
    conn.execute("CREATE TABLE entity_aliases(alias_norm TEXT, entity_id TEXT)")
    # the deletion counter and its trigger, as the store's migration writes them
    conn.execute(resources.files("memory_core.db.migrations").joinpath("0015_alias_deletions.sql").read_text())
    conn.execute("INSERT INTO entity_aliases VALUES ('air fryer', 'e1'), ('咖啡机', 'e2')")
    key = str(tmp_path / "a.db")
    assert alias_index.current(conn, key).find("my air fryer") == {"air fryer"}
    conn.execute("INSERT INTO entity_aliases VALUES ('rice cooker', 'e3')")
    assert alias_index.current(conn, key).find("a rice cooker") == {"rice cooker"}
    conn.execute("DELETE FROM entity_aliases WHERE alias_norm = 'air fryer'")
    conn.execute("INSERT INTO entity_aliases VALUES ('kettle', 'e4')")
    idx = alias_index.current(conn, key)
    assert idx.find("air fryer and kettle") == {"kettle"}  # the deleted alias is gone after the rebuild
    # the top rowid deleted and reused by the next insert: same max(rowid), but the counter moved
    top = conn.execute("SELECT max(rowid) FROM entity_aliases").fetchone()[0]
    conn.execute("DELETE FROM entity_aliases WHERE rowid = ?", (top,))
    conn.execute("INSERT INTO entity_aliases VALUES ('toaster', 'e5')")
    assert conn.execute("SELECT max(rowid) FROM entity_aliases").fetchone()[0] == top
    assert alias_index.current(conn, key).find("kettle and toaster") == {"toaster"}
    # a connection that sees an older table (a rolled-back insert) gets an index of what it sees
    conn.execute("BEGIN")
    conn.execute("INSERT INTO entity_aliases VALUES ('blender', 'e6')")
    assert alias_index.current(conn, key).find("a blender") == {"blender"}
    conn.execute("ROLLBACK")
    assert alias_index.current(conn, key).find("a blender") == set()


def test_the_shorter_names_of_an_alias_are_its_head_and_tail_words_or_cjk_runs():
    from memory_core.l2.alias_index import name_parts

    assert name_parts("honda civic") == {"honda", "civic", "hc"}
    assert name_parts("tesla model y") == {"tesla", "tesla model", "model y", "tmy"}  # "y" alone: too short
    assert "bu" in name_parts("boston university")
    assert {"朗逸", "大众"} <= name_parts("大众朗逸") and "众朗" not in name_parts("大众朗逸")
    assert name_parts("ucla") == set() and name_parts("京东") == set()
    assert {"st. mary", "st. mary's", "hospital"} <= name_parts("st. mary's hospital")
    # a school's usual shortenings
    assert "浙大" in name_parts("浙江大学") and "北师大" in name_parts("北京师范大学")
    assert "大朗" not in name_parts("大众朗逸")
    assert {"u of t", "uot"} <= name_parts("university of toronto")
    idx = AliasIndex()
    for a in ("honda civic", "honda accord", "大众朗逸"):
        idx.add(a)
    assert idx.longer_names("civic") == {"honda civic"}
    assert idx.longer_names("honda") == {"honda civic", "honda accord"}
    assert idx.longer_names("朗逸") == {"大众朗逸"} and idx.longer_names("accord civic") == set()


def test_a_found_alias_without_cjk_is_a_whole_word():
    """``catalog.instr_lookup`` leaves out the whole-word regex for the aliases without CJK the
    index found: the index's boundary test must be the regex's (``\\w``), also next to accented
    letters, digits, underscores and full-width characters."""
    from memory_core.l2.catalog import _whole_word
    from memory_core.text.segment import has_cjk

    aliases = ["air fryer", "café", "tag", "no.1 fan", "c++", "x_y", "ab1", "naïve bar", "ｆｏｏ", "a-b c"]
    idx = AliasIndex()
    for a in aliases:
        idx.add(a)
    rng = random.Random(16)
    around = ["", " ", "_", "é", "1", "ß", "-", ".", "我", "ｆ", "\u0301", "٣", "(", "ǅ"]
    found = 0
    for _ in range(3000):
        text = "".join(rng.choice(around) + rng.choice(aliases) + rng.choice(around) for _ in range(rng.randrange(1, 4)))
        for a in idx.find(text):
            if not has_cjk(a):
                found += 1
                assert _whole_word(text, a), (text, a)
    assert found > 500


def test_find_stays_exact_while_aliases_with_new_first_characters_arrive():
    """The scan looks only at positions whose character begins some alias, a pattern built
    again when an alias brings a new first character: after every addition, find() is still the
    instr + whole-word reference."""
    pool = ["air fryer", "咖啡机", "【京东】高压锅", "c++", "no.1 fan", "zebra crossing", "喜茶", "ünicode bar",
            "(fryer) pro", "9to5", "-dash", "ｆｏｏ bar", "星巴克", "bank of america", "京东】高压锅 新款"]
    rng = random.Random(7)
    idx = AliasIndex()
    added: list[str] = []
    words = ["air", "fryer", "咖啡机", "我", "【京东】高压锅", "c++", "no.1", "fan", "zebra", "crossing", "喜茶",
             "ünicode", "bar", "(fryer)", "pro", "9to5", "-dash", "ｆｏｏ", "星巴克", "bank", "of", "america", "新款"]
    for alias in rng.sample(pool, len(pool)):
        idx.add(alias)
        added.append(alias)
        for _ in range(40):
            text = rng.choice([" ", ""]).join(rng.choice(words) for _ in range(rng.randrange(1, 8)))
            assert idx.find(text) == _reference(text, added), (text, added)
