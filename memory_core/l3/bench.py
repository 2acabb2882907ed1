"""Benchmark: L3 on a simulated busy month.

``python -m memory_core.l3.bench [EVENTS_PER_DAY]`` writes 30 days of mixed activity (browser
visits, a few chats, git, music), runs the scheduler's catch-up with a FakeClock (extractive
summariser, offline) and prints: events, summaries per granularity, wall time of the catch-up,
the compression of the month window (kept per source), and the cost of deleting one event
(preview and apply: the summaries citing it are rebuilt). The L1 ingest time of the same data is
printed as the baseline. Embeddings are paused (asynchronous, not L3's cost).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

D = 86400.0


def _payloads(per_day: int, t0: float, rng: random.Random) -> list[dict]:
    out: list[dict] = []
    for day in range(30):
        base = t0 + day * D
        for j in range(per_day):
            site = rng.choice(["github.com", "docs.python.org", "stackoverflow.com", "youtube.com"])
            out.append({"source_type": "browser", "source_item_id": f"v{day}-{j}",
                        "occurred_at": base + 8 * 3600 + j * (14 * 3600 / per_day),
                        "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "p"},
                        "provenance": {"title": f"page {rng.randrange(500)}", "url": f"https://{site}/{j}"}})
        out.append({"type": "chat", "session_id": f"c{day}", "role": "user", "content": f"question {day}",
                    "occurred_at": base + 10 * 3600, "message_id": f"u{day}"})
        out.append({"source_type": "git", "source_item_id": f"g{day}", "occurred_at": base + 11 * 3600,
                    "activity": {"source_code": "git", "action_code": "commit", "object_code": "c"},
                    "provenance": {"repo": "magi", "message": f"change {day}"}})
        out.append({"source_type": "netease_music", "source_item_id": f"m{day}", "occurred_at": base + 21 * 3600,
                    "activity": {"source_code": "netease_music", "action_code": "listen_music", "object_code": "s"},
                    "provenance": {"track_name": "Levitating", "artist_name": "Dua Lipa"}})
    return out


def main(argv: list[str]) -> int:
    from ..clock import FakeClock
    from ..config import MemoryConfig
    from ..engine import MemoryEngine, WorkerStatus

    per_day = int(argv[0]) if argv else 1000
    t0 = 1_714_953_600.0
    payloads = _payloads(per_day, t0, random.Random(3))
    with tempfile.TemporaryDirectory() as d:
        clock = FakeClock(t0)
        engine = MemoryEngine(Path(d) / "b.db", config=MemoryConfig(data_dir=Path(d)), clock=clock,
                              layers=("l3",))
        engine.worker_status["embedding"] = WorkerStatus("embedding", paused=True)
        s = time.perf_counter()
        engine.ingest_payloads(payloads)
        ingest_s = time.perf_counter() - s
        clock.set(t0 + 31 * D)
        s = time.perf_counter()
        engine.run_until_idle()
        catch_up_s = time.perf_counter() - s
        st = engine.stats()["l3"]
        l3 = engine.components["l3"]
        month = l3.list_summaries(summary_type="temporal", granularity="month")
        print(f"{len(payloads)} events over 30 days; L1 ingest (baseline): {ingest_s:.2f} s")
        print(f"catch-up produced {st['summaries']} summaries {st['by_granularity']} "
              f"({st['by_type']}) in {catch_up_s:.2f} s")
        if month:
            print(f"month window: {month[0].event_count} events -> kept {month[0].source_stats}")
        month_ids = set(month[0].source_event_ids) if month else set()
        victim = next((e.event_id for e in engine.list_events(source="browser", limit=5000)
                       if e.event_id in month_ids), engine.list_events(source="browser", limit=1)[0].event_id)
        citing = len(l3.summaries_citing(victim))
        s = time.perf_counter()
        preview = engine.preview_delete([victim]).layers["l3"]
        preview_s = time.perf_counter() - s
        s = time.perf_counter()
        report = engine.delete_events([victim]).layers["l3"]
        delete_s = time.perf_counter() - s
        assert preview == report
        print(f"delete one browser event (cited by {citing}): preview {preview_s * 1000:.0f} ms, "
              f"apply {delete_s * 1000:.0f} ms, rebuilt {report['summaries_rebuilt']}, "
              f"removed {report['summaries_removed']}")
        engine.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
