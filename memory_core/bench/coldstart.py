"""Cold start and query latency with the real offline embedder (``magi-memory bench coldstart``).

What a user feels after opening the app or running ``magi-memory query`` on a big store: the
first answer's latency from a fresh process, that process's peak RSS, then the steady-state
``memory_query`` latency with the query embedding taken out (it is reported apart).

Embedding 100k events with multilingual-e5-small takes ~35-60 minutes on two cores, which is
not what this measures, so the store's e5 space is filled with *synthetic* vectors: the e5
embeddings of a few hundred of the store's own texts, each copied with Gaussian noise (so the
index has realistic structure and cosine ranges). Latency and memory depend on the number and
size of the vectors, not on which text each belongs to; the relevance of the answers is
measured by the retrieval evals, not here. The report says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from ..l1.chunking import chunk_spans
from ..l1.vectors import ensure_space, insert_vectors
from .generator import MemoryGenerator, queries
from .measure import db_bytes, percentiles

#: distinct texts embedded for real; every event's vector is one of them plus noise
SEED_TEXTS = 384
NOISE = 0.35


def build_store(db_path: Path, n: int, *, seed: int = 42, progress=print) -> dict[str, Any]:
    """N generated events through the engine (L1 only), e5-space vectors filled synthetically."""
    from ..config import MemoryConfig
    from ..engine import MemoryEngine
    from ..providers.bundled import load_model

    embedder = load_model("multilingual-e5-small")
    config = MemoryConfig(data_dir=db_path.parent)
    config.providers.offline_only = True
    t0 = time.perf_counter()
    with MemoryEngine(db_path, config=config, layers=(), max_threads=2) as engine:
        gen = MemoryGenerator(seed)
        stream = list(gen.payloads(n))
        for i in range(0, n, 10_000):
            engine.ingest_payloads(stream[i:i + 10_000])
            progress(f"ingested {min(n, i + 10_000):,} / {n:,}")
        # the conversation-context index, as the app's background worker leaves it (the
        # context_bm25 path then costs what it costs on a real store)
        while engine.context_index.run_once():
            pass
        conn = engine.db.reader()
        rows = conn.execute("SELECT seq, event_id, content FROM fact_events ORDER BY seq").fetchall()
        rng = np.random.default_rng(seed)
        pick = rng.choice(len(rows), size=min(SEED_TEXTS, len(rows)), replace=False)
        base = embedder.embed([rows[int(i)][2] for i in pick])
        progress(f"embedded {len(base)} seed texts for real; filling {len(rows):,} events")
        with engine.db.write() as w:
            space_id = ensure_space(w, embedder.model_id, embedder.dim)
            vec_rows = []
            for seq, event_id, content in rows:
                for idx, (a, b) in enumerate(chunk_spans(content)):
                    w.execute("INSERT INTO event_chunks(event_seq, space_id, chunk_index, char_start, "
                              "char_end) VALUES (?,?,?,?,?)", (seq, space_id, idx, a, b))
                    v = base[rng.integers(len(base))] + rng.normal(0, NOISE / np.sqrt(embedder.dim),
                                                                   embedder.dim)
                    vec_rows.append((w.last_insert_rowid(), v.astype(np.float32)))
                if len(vec_rows) >= 20_000:
                    insert_vectors(w, space_id, vec_rows)
                    vec_rows = []
            insert_vectors(w, space_id, vec_rows)
            w.execute("UPDATE fact_events SET embedding_state = 'done'")
            w.execute("UPDATE embedding_jobs SET state = 'done' WHERE space_id = ?", (space_id,))
            # nothing owed either: every event has its (synthetic) vectors
            w.execute("INSERT OR REPLACE INTO embedding_cursor(space_id, event_seq) "
                      "SELECT ?, coalesce(max(seq), 0) FROM fact_events", (space_id,))
        engine.db.writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return {"events": n, "build_s": round(time.perf_counter() - t0, 1), "db_bytes": db_bytes(db_path),
            "vectors": "synthetic: e5 embeddings of %d of the store's texts + Gaussian noise" % len(base)}


_CHILD = r"""
import json, sys, time
t_start = time.perf_counter()
from memory_core.bench.measure import peak_rss_mb
from memory_core.config import MemoryConfig
from memory_core.engine import MemoryEngine
t_import = time.perf_counter()
db, questions, now = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3])
config = MemoryConfig.load()
engine = MemoryEngine(db, config=config)
t_open = time.perf_counter()
first = engine.retrieval.query(questions[0][1], questions[0][0], now=now)
t_first = time.perf_counter()
rss_first = peak_rss_mb()  # the child's own peak, not its parent's (measure.peak_rss_mb)
# what the app's background vector-cache worker does after start-up (a one-shot CLI query
# never needs it: it answers from exact sqlite-vec KNN)
t_cache = time.perf_counter()
vi = engine.retrieval.vector_index()
cache_rows = vi.refresh_if_large() if vi is not None else 0
cache_ms = (time.perf_counter() - t_cache) * 1000
totals, beyond, embeds = [], [], []
for mode, q in questions[1:]:
    t = time.perf_counter()
    pkg = engine.retrieval.query(q, mode, now=now)
    ms = (time.perf_counter() - t) * 1000
    e = pkg.trace.timings_ms.get("embed", 0.0)
    totals.append(ms); embeds.append(e); beyond.append(ms - e)
engine.close()
print(json.dumps({"import_ms": (t_import - t_start) * 1000, "open_ms": (t_open - t_import) * 1000,
                  "first_query_ms": (t_first - t_open) * 1000,
                  "open_plus_first_ms": (t_first - t_import) * 1000,
                  "first_timings": first.trace.timings_ms,
                  "first_vector_strategy": first.trace.paths.get("vector").info.get("strategy")
                  if first.trace.paths.get("vector") else None,
                  "embedder": engine.providers.embedder.model_id,
                  "rss_after_first_mb": rss_first, "cache_build_ms": cache_ms,
                  "cache_rows": cache_rows,
                  "peak_rss_mb": peak_rss_mb(),
                  "totals_ms": totals, "beyond_embed_ms": beyond, "embed_ms": embeds}))
"""


def measure(db_path: Path, *, per_mode: int = 10, seed: int = 7) -> dict[str, Any]:
    """A fresh process opens the store and answers one question (cold: no vector cache yet),
    builds the vector cache as the app's background worker would, then answers the rest."""
    qs = queries(per_mode, seed=seed)
    import apsw

    conn = apsw.Connection(str(db_path), flags=apsw.SQLITE_OPEN_READONLY)
    now = float(next(iter(conn.execute("SELECT max(occurred_at) FROM fact_events")))[0]) + 3600
    conn.close()
    env = dict(os.environ)
    env.pop("MAGI_EMBEDDING_PROVIDER", None)  # the real default embedder
    env["MAGI_DATA_DIR"] = str(db_path.parent)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _CHILD, str(db_path), json.dumps(qs), str(now)],
                         capture_output=True, text=True, env=env, check=False)
    wall = (time.perf_counter() - t0) * 1000
    if out.returncode != 0:
        raise RuntimeError(f"cold-start child failed: {out.stderr[-2000:]}")
    r = json.loads(out.stdout.strip().splitlines()[-1])
    cli_t0 = time.perf_counter()
    cli = subprocess.run([sys.executable, "-m", "memory_core.cli.main", "--db", str(db_path), "query",
                          qs[0][1], "--json"], capture_output=True, text=True, env=env, check=False)
    cli_ms = (time.perf_counter() - cli_t0) * 1000
    return {
        "process_wall_ms": round(wall), "cli_query_wall_ms": round(cli_ms), "cli_exit": cli.returncode,
        "import_ms": round(r["import_ms"]), "open_ms": round(r["open_ms"]),
        "first_query_ms": round(r["first_query_ms"]), "open_plus_first_ms": round(r["open_plus_first_ms"]),
        "first_timings_ms": {k: round(v, 1) for k, v in r["first_timings"].items()},
        "first_vector_strategy": r["first_vector_strategy"], "embedder": r["embedder"],
        "rss_after_first_mb": round(r["rss_after_first_mb"]), "peak_rss_mb": round(r["peak_rss_mb"]),
        "vector_cache_build_ms (background worker's job)": round(r["cache_build_ms"]),
        "vector_cache_rows": r["cache_rows"],
        "queries": len(r["totals_ms"]),
        "memory_query_ms": percentiles([x / 1000 for x in r["totals_ms"]]),
        "memory_query_beyond_embedding_ms": percentiles([x / 1000 for x in r["beyond_embed_ms"]]),
        "query_embedding_ms": percentiles([x / 1000 for x in r["embed_ms"]]),
    }


def run(n: int, *, workdir: Path | None = None, keep: bool = False, progress=print) -> dict[str, Any]:
    base = Path(workdir or tempfile.mkdtemp(prefix="magi-coldstart-"))
    base.mkdir(parents=True, exist_ok=True)
    db_path = base / f"coldstart-{n}.db"
    built = None
    if not db_path.exists():
        built = build_store(db_path, n, progress=progress)
    result = {"store": built or {"events": n, "reused": str(db_path)}, **measure(db_path)}
    if not keep and workdir is None:
        for p in base.glob("*"):
            p.unlink(missing_ok=True)
        base.rmdir()
    return result
