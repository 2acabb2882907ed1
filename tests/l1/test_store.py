"""L1 store: synchronous write, dedup, FTS (Chinese + English), session index, embeddings,
deletion cascade, file safety."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import numpy as np
import pytest

from memory_core.l1.chunking import chunk_spans
from memory_core.text.segment import fts_or_query, index_text, query_terms
from tests.helpers import DAY, T0, chat, netease


def fts_hits(engine, text: str) -> set[int]:
    expr = fts_or_query(query_terms(text))
    return {r["rowid"] for r in engine.db.read_all(
        "SELECT rowid FROM fact_events_fts WHERE fact_events_fts MATCH ?", (expr,))}


def seq_of(engine, event_id: str) -> int:
    return engine.db.read_value("SELECT seq FROM fact_events WHERE event_id = ?", (event_id,))


def test_fts_finds_chinese_words_and_english_phrases(engine) -> None:
    r = engine.ingest_payloads([
        chat("s1", "user", "我想用新的高压锅煲汤", T0, "m1"),
        chat("s1", "user", "我喜欢喝咖啡", T0 + 1, "m2"),
        chat("s2", "user", "I just bought an air fryer and love it", T0 + 2, "m3"),
        chat("s2", "user", "The weather is fine today", T0 + 3, "m4"),
    ])
    pot, coffee, fryer, weather = (seq_of(engine, e) for e in r.event_ids)
    assert fts_hits(engine, "高压锅") == {pot}
    assert fts_hits(engine, "咖啡") == {coffee}  # a 2-character word: trigram would miss it
    assert fts_hits(engine, "煲汤") == {pot}
    assert fts_hits(engine, "air fryer") == {fryer}
    assert fts_hits(engine, "fryers") == {fryer}  # porter stemming
    assert weather not in fts_hits(engine, "咖啡 高压锅 fryer")


def test_index_text_bigrams() -> None:
    assert index_text("高压锅煲汤") == " 高压 压锅 锅煲 煲汤 汤 "
    assert index_text("Air Fryer") == "air fryer"


def test_replay_adds_zero_rows(engine, tmp_path: Path) -> None:
    lines = [chat("s1", "user", f"message number {i}", T0 + i, f"m{i}") for i in range(50)]
    lines += [netease(f"n{i}", T0 + 100 + i) for i in range(50)]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n", encoding="utf-8")
    first = engine.ingest_jsonl(f)
    assert (first.result.ingested, first.result.duplicates, len(first.rejected)) == (100, 0, 0)
    before = engine.stats()
    second = engine.ingest_jsonl(f)
    assert (second.result.ingested, second.result.duplicates) == (0, 100)
    after = engine.stats()
    assert after["fact_events"] == before["fact_events"] == 100
    assert engine.backlog()["embedding_jobs"] == 100  # owed once each: the worker writes the jobs
    engine.run_until_idle()
    assert engine.db.read_value("SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' "
                                "AND state = 'done'") == 100
    assert engine.db.read_value("SELECT message_count FROM chat_sessions WHERE session_id='s1'") == 50


def test_duplicates_inside_one_batch(engine) -> None:
    r = engine.ingest_payloads([netease("same", T0), netease("same", T0)])
    assert (r.ingested, r.duplicates) == (1, 1)


def test_malformed_payload_writes_nothing(engine) -> None:
    bad = netease("n1", T0)
    del bad["provenance"]["track_name"]
    r = engine.ingest_payloads([bad])
    assert r.ingested == 0
    assert [(x.index, x.field) for x in r.rejected] == [(0, "provenance.track_name")]
    for table in ("fact_events", "embedding_jobs", "chat_sessions", "runtime_traces"):
        assert engine.db.read_value(f"SELECT count(*) FROM {table}") == 0, table


def test_good_lines_survive_bad_neighbours(engine, tmp_path: Path) -> None:
    f = tmp_path / "mixed.jsonl"
    f.write_text("\n".join([
        json.dumps(chat("s", "user", "first good line here", T0, "a")),
        "{not json",
        json.dumps({"source_type": "myspace", "source_item_id": "x", "occurred_at": T0}),
        json.dumps(chat("s", "user", "second good line here", T0 + 1, "b")),
    ]) + "\n", encoding="utf-8")
    rep = engine.ingest_jsonl(f)
    assert rep.result.ingested == 2
    assert [(r.index + 1, r.field) for r in rep.rejected] == [(2, "<json>"), (3, "source_type")]


def test_session_index(engine) -> None:
    engine.ingest_payloads([chat("s1", "user", "hello there again", T0, "a"),
                            chat("s1", "assistant", "hi! how can I help", T0 + 5, "b"),
                            chat("s1", "user", "I moved to Jiaxing", T0 + 9, "c")])
    s = engine.l1.session("s1")
    assert (s["message_count"], s["user_message_count"], s["first_at"], s["last_at"]) == (3, 2, T0, T0 + 9)


def test_runtime_logs_go_to_the_trace_not_l1(engine) -> None:
    r = engine.ingest_payloads([{"type": "runtime_log", "content": "job failed: boom", "occurred_at": T0}])
    assert (r.ingested, r.runtime_traces) == (0, 1)
    assert engine.stats()["fact_events"] == 0


def test_embedding_worker_chunks_and_stores_vectors(engine) -> None:
    long_text = "我买了一个新的空气炸锅。" * 80 + " I love it."
    r = engine.ingest_payloads([chat("s", "user", long_text, T0, "long"),
                                chat("s", "user", "short one here", T0 + 1, "short")])
    assert engine.stats()["l1"]["embedding_state"] == {"pending": 2}
    engine.run_until_idle()
    assert engine.db.read_value("SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' "
                                "AND state = 'done'") == 2
    chunks = engine.db.read_all("SELECT event_seq, char_start, char_end FROM event_chunks ORDER BY chunk_id")
    long_seq = seq_of(engine, r.event_ids[0])
    long_chunks = [c for c in chunks if c["event_seq"] == long_seq]
    assert len(long_chunks) == len(chunk_spans(long_text)) > 1
    assert long_chunks[-1]["char_end"] == len(long_text)
    space = engine.l1.space_id
    assert engine.db.read_value(f"SELECT count(*) FROM vec_chunks_{space}") == len(chunks)  # event chunks
    assert engine.stats()["l1"]["embedding_state"] == {"done": 2}


class FlakyEmbedder:
    uses_network = False

    def __init__(self, inner, failures: int) -> None:
        self.inner, self.failures = inner, failures
        self.model_id, self.dim = inner.model_id, inner.dim

    def embed(self, texts):
        if self.failures > 0:
            self.failures -= 1
            raise TimeoutError("provider timed out")
        return self.inner.embed(texts)


def test_embedding_failures_retry_with_backoff_then_fail_visibly(engine, clock) -> None:
    engine.ingest_payloads([chat("s", "user", "I just bought an air fryer", T0, "a")])
    flaky = FlakyEmbedder(engine.embedding_worker.embedder, failures=100)
    engine.embedding_worker.embedder = flaky
    for attempt in range(1, 5):
        assert engine.embedding_worker.run_once() == 1
        job = engine.db.read_one("SELECT * FROM embedding_jobs")
        assert job["attempts"] == attempt and "timed out" in job["last_error"]
        if attempt < 4:
            assert job["state"] == "pending" and job["next_attempt_at"] > clock.now()
            assert engine.embedding_worker.run_once() == 0  # backing off
            clock.advance(400)
    assert job["state"] == "failed"
    assert engine.stats()["queues"]["embedding_jobs"]["failed"] == 1
    assert engine.stats()["l1"]["embedding_state"] == {"failed": 1}
    # L1 is intact and still searchable
    assert engine.stats()["fact_events"] == 1 and fts_hits(engine, "air fryer")
    # recovery: a working provider and a manual retry
    engine.embedding_worker.embedder = flaky.inner
    with engine.db.write() as conn:
        engine.queues["embedding_jobs"].retry_failed(conn, clock.now())
    engine.run_until_idle()
    assert engine.stats()["l1"]["embedding_state"] == {"done": 1}


def test_bad_embedder_shape_is_a_failure_not_a_crash(engine) -> None:
    class Wrong:
        uses_network, model_id, dim = False, engine.embedding_worker.embedder.model_id, engine.embedding_worker.embedder.dim

        def embed(self, texts):
            return np.zeros((len(texts), 3), np.float32)

    engine.ingest_payloads([chat("s", "user", "text to embed here", T0, "a")])
    engine.embedding_worker.embedder = Wrong()
    engine.embedding_worker.run_once()
    assert "shape" in engine.db.read_value("SELECT last_error FROM embedding_jobs")


def test_switching_embedder_creates_a_new_space_and_reembeds(make_engine) -> None:
    from memory_core.providers.hashing_embedder import HashingEmbedder
    e1 = make_engine("m.db")
    e1.ingest_payloads([chat("s", "user", f"fact number {i}", T0 + i, f"m{i}") for i in range(5)])
    e1.run_until_idle()
    e1.close()

    class Providers:
        embedder = HashingEmbedder(dim=128)
        chat = None

    e2 = make_engine("m.db", providers=Providers())
    spaces = e2.db.read_all("SELECT space_id, model_id, dim, active FROM embedding_spaces ORDER BY space_id")
    assert [(s["dim"], s["active"]) for s in spaces] == [(256, 0), (128, 1)]
    assert e2.stats()["l1"]["embedding_state"] == {"pending": 5}
    e2.run_until_idle()
    new_space = spaces[1]["space_id"]
    assert e2.db.read_value(f"SELECT count(*) FROM vec_chunks_{new_space}") == 5


def test_delete_cascade_l1(engine) -> None:
    r = engine.ingest_payloads([chat("s1", "user", "我喜欢喝咖啡", T0, "a"),
                                chat("s1", "user", "I live in Shanghai", T0 + 1, "b")])
    engine.run_until_idle()
    coffee_id, other_id = r.event_ids
    coffee_seq = seq_of(engine, coffee_id)
    preview = engine.preview_delete([coffee_id, "nope"])
    assert preview.missing == ["nope"]
    assert preview.layers["l1"]["fact_events"] == 1 and preview.layers["l1"]["vector_chunks"] == 1
    assert engine.stats()["fact_events"] == 2  # preview changed nothing
    report = engine.delete_events([coffee_id])
    assert report.layers["l1"] == preview.layers["l1"]
    assert engine.get_event(coffee_id) is None
    assert coffee_seq not in fts_hits(engine, "咖啡") and not fts_hits(engine, "咖啡")
    space = engine.l1.space_id
    # the next message was embedded with the deleted one as context: its vector went with it,
    # and it is re-embedded without it
    assert engine.db.read_value(f"SELECT count(*) FROM vec_chunks_{space}") == 0
    assert preview.layers["l1"]["reembedded_neighbours"] == 1
    assert engine.get_event(other_id).embedding_state == "pending"
    engine.run_until_idle()
    assert engine.db.read_value(f"SELECT count(*) FROM vec_chunks_{space}") == 1
    assert engine.db.read_value("SELECT count(*) FROM embedding_jobs WHERE target_id = ?", (coffee_id,)) == 0
    assert engine.l1.session("s1")["message_count"] == 1
    assert engine.get_event(other_id) is not None
    # a replay of the same message does not resurrect the deleted memory
    again = engine.ingest_payloads([chat("s1", "user", "我喜欢喝咖啡", T0, "a")])
    assert (again.ingested, again.suppressed) == (0, 1)
    assert engine.db.read_value("SELECT count(*) FROM deletion_log") == 1


def test_database_files_are_private_and_secure_delete_is_on(engine) -> None:
    engine.ingest_payloads([chat("s", "user", "a private thought", T0, "a")])
    for suffix in ("", "-wal", "-shm"):
        path = Path(str(engine.db.path) + suffix)
        if path.exists():
            assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0, path
    assert engine.db.reader().execute("PRAGMA secure_delete").fetchone()[0] == 1
    assert engine.db.writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_config_file_is_private(tmp_path: Path) -> None:
    from memory_core.config import MemoryConfig
    cfg = MemoryConfig(data_dir=tmp_path / "d")
    path = cfg.save()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert MemoryConfig.load(tmp_path / "d").locale == cfg.locale


def test_list_and_filter_events(engine) -> None:
    engine.ingest_payloads([chat("s", "user", "I have a cat", T0, "a"),
                            chat("s", "assistant", "Nice, what is its name?", T0 + 1, "b"),
                            netease("n1", T0 + DAY)])
    assert [e.source for e in engine.list_events()] == ["netease_music", "chat", "chat"]
    assert [e.author_type for e in engine.list_events(author_type="assistant")] == ["assistant"]
    assert len(engine.list_events(scope="fact_authoritative")) == 2
    assert len(engine.list_events(since=T0 + 0.5, until=T0 + 2)) == 1
    assert engine.l1.count(source="chat") == 2


def test_hook_failure_does_not_undo_l1(engine) -> None:
    class Boom:
        name = "boom"

        def on_inserted(self, conn, events):
            conn.execute("INSERT INTO hook_side VALUES (1)")
            raise RuntimeError("derived layer exploded")

    with engine.db.write() as conn:
        conn.execute("CREATE TABLE hook_side (x)")
    engine.add_hook(Boom())
    r = engine.ingest_payloads([chat("s", "user", "I still get stored", T0, "a")])
    assert r.ingested == 1 and r.hook_errors == ["boom: derived layer exploded"]
    assert engine.stats()["fact_events"] == 1
    assert engine.db.read_value("SELECT count(*) FROM hook_side") == 0  # the hook's writes rolled back


@pytest.mark.parametrize("text, n", [("short", 1), ("x" * 480, 1), ("a. " * 400, 3)])
def test_chunk_spans_cover_the_text(text: str, n: int) -> None:
    spans = chunk_spans(text)
    assert len(spans) >= n and spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(b > a for a, b in spans)
    assert all(s2[0] <= s1[1] for s1, s2 in zip(spans, spans[1:]))  # contiguous or overlapping


def test_non_finite_and_empty_vectors_are_never_stored(engine) -> None:
    inner = engine.embedding_worker.embedder

    class Garbage:
        uses_network, model_id, dim = False, inner.model_id, inner.dim

        def embed(self, texts):
            out = inner.embed(texts)
            for i, t in enumerate(texts):
                if "nan" in t:
                    out[i, 0] = np.nan
                if "empty" in t:
                    out[i] = 0.0
            return out

    # one session each: a chat message is embedded with the one before it (context)
    r = engine.ingest_payloads([chat("s1", "user", "a nan producing text", T0, "a"),
                                chat("s2", "user", "an empty vector text", T0 + 1, "b"),
                                chat("s3", "user", "a perfectly normal text", T0 + 2, "c")])
    engine.embedding_worker.embedder = Garbage()
    engine.embedding_worker.run_once()
    states = {e.event_id: e.embedding_state for e in engine.list_events()}
    assert states[r.event_ids[0]] == "pending"  # retried with backoff, not stored
    assert states[r.event_ids[1]] == "skipped" and states[r.event_ids[2]] == "done"
    space = engine.l1.space_id
    assert engine.db.read_value(f"SELECT count(*) FROM vec_chunks_{space}") == 1
    job = engine.db.read_one("SELECT * FROM embedding_jobs WHERE target_id = ?", (r.event_ids[0],))
    assert job["attempts"] == 1 and "non-finite" in job["last_error"]


def test_delete_purges_terms_from_the_file(make_engine) -> None:
    engine = make_engine(layers=())
    marker = "zyxwvutsrq"
    r = engine.ingest_payloads([chat("s", "user", f"secret {marker} 秘密暗号", T0, "a"),
                                chat("s", "user", "unrelated text stays", T0 + 1, "b")])
    engine.run_until_idle()
    report = engine.delete_events([r.event_ids[0]], wait_purge_s=5)
    assert "fact_events_fts" in report.purge["fts_optimized"]
    assert report.purge["complete"] and not report.purge["pending"]
    raw = Path(engine.db.path).read_bytes()
    wal = Path(str(engine.db.path) + "-wal")
    raw += wal.read_bytes() if wal.exists() else b""
    assert marker.encode() not in raw
    assert "秘密".encode() not in raw and "暗号".encode() not in raw
