"""``python -m magi_desktop.screenshots``: build a demo memory and save a PNG of every panel.

The demo memory is the bundled sample (worked example in zh/en, a move story, sensors, tool
calls), a multi-session conversation written for this demo (``demo_conversation.jsonl``: four
evenings over six weeks — a new dog, a pottery class, a job change, a sister's visit, a trip
being planned — partly in Chinese), optionally one LoCoMo conversation from a local file
(``--locomo``; its text is the benchmark's licence, so those pictures are not committed) and
generated background activity, with every derived layer run to idle (offline:
rule extractor, extractive summaries, template distillation). The window is driven the way a
user would (ask the chat, select an entity, trace a question, ask "why not?") and grabbed after
each step, so the pictures show real output of this build, not mock-ups.

Renders offscreen when there is no display. Install ``fonts-noto-cjk`` (or any CJK font) first,
or Chinese text renders as boxes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any, Callable

QUESTION = "What kitchen appliance did I buy before the air fryer?"
QUESTION_ZH = "我在买空气炸锅前买了什么厨房家电？"
CONVERSATION_QUESTIONS = ("What is my dog called?", "Where is my new job?", "我姐姐Ana从哪里来看我？")
DAY = 86400.0


def build_demo_db(path: Path, *, generated: int, now: float, locomo: Path | None = None,
                  locomo_index: int = 0) -> dict[str, int]:
    """The demo database (see the module docstring); returns the background work done."""
    from memory_core.clock import FakeClock
    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine

    from .sample_data import bulk_ingest, generate_payloads

    config = MemoryConfig(data_dir=path.parent)
    config.providers.offline_only = True
    clock = FakeClock(now)
    if generated:
        with MemoryEngine(path, config=config, clock=clock, layers=("l4",)) as engine:
            bulk_ingest(engine, generate_payloads(generated, start=now - 60 * DAY, span_days=57))
    sample = resources.files("memory_core.resources").joinpath("sample_memory.jsonl")
    conversation = resources.files("magi_desktop.resources").joinpath("demo_conversation.jsonl")
    with resources.as_file(sample) as sample_path, resources.as_file(conversation) as conv_path, \
            MemoryEngine(path, config=config, clock=clock) as engine:
        engine.ingest_jsonl(sample_path)
        engine.ingest_jsonl(conv_path)
        if locomo is not None:
            from memory_core.eval.locomo import payloads

            rows, _sessions = payloads(json.loads(locomo.read_text(encoding="utf-8"))[locomo_index])
            engine.ingest_payloads(rows)
        return engine.run_until_idle()


def _queue_a_review_item(db_path: Path, now: float) -> None:
    """Put the demo's real move-story conflict in the review inbox, so the panel has an item.

    Offline, the move story's arbitration is confident enough to be applied without review; the
    inbox is where the same decision waits when it is not. The item says it was queued here.
    """
    from memory_core.db.connection import Database
    from memory_core.review.store import create_item

    with Database(db_path) as db:
        c = db.read_one("SELECT * FROM l2_conflicts ORDER BY conflict_id LIMIT 1")
        if c is None:
            return
        with db.write() as conn:
            create_item(conn, kind="supersession", confidence=min(0.55, float(c["confidence"])),
                        title="Did you move? (queued for review by the screenshot demo)",
                        old_side={"kind": c["old_kind"], "id": c["old_id"], "decision": "superseded"},
                        new_side={"kind": c["new_kind"], "id": c["new_id"], "decision": c["decision"]},
                        evidence_event_ids=json.loads(c["evidence_event_ids"]), ref_kind="conflict",
                        ref_id=c["conflict_id"], provisional=c["decision"],
                        reason=c["reason"] or "state reversal", now=now)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m magi_desktop.screenshots", description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    p.add_argument("--events", type=int, default=5000, help="generated background events (default 5000)")
    p.add_argument("--size", default="1400x860")
    p.add_argument("--locomo", type=Path, default=None,
                   help="also ingest one LoCoMo conversation from this JSON file (pictures stay local)")
    p.add_argument("--locomo-index", type=int, default=0)
    args = p.parse_args(argv)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QApplication

    from .engine_host import EngineHost
    from .engine_server import EngineSpec
    from .main_window import MainWindow
    from .settings import AppSettings
    from .settings_dialog import SettingsDialog

    app = QApplication.instance() or QApplication(sys.argv[:1])
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="magi-shots-"))
    db_path = tmp / "memory.db"
    now = 1_795_227_300.0 + DAY  # a day after the sample's last event
    started = time.perf_counter()
    work = build_demo_db(db_path, generated=args.events, now=now, locomo=args.locomo,
                         locomo_index=args.locomo_index)
    _queue_a_review_item(db_path, now)
    print(f"demo memory built in {time.perf_counter() - started:.1f} s: {work}")

    from memory_core.config import MemoryConfig

    config = MemoryConfig(data_dir=tmp)
    config.providers.offline_only = True
    host = EngineHost(EngineSpec(db_path=str(db_path), config=config.to_json(), clock_start=now,
                                 start_workers=False, offline_guard=True))
    settings = AppSettings(data_dir=tmp, offline_only=True)
    window = MainWindow(host, settings)
    w, h = (int(x) for x in args.size.split("x"))
    window.resize(w, h)
    window.show()
    host.start()
    host.wait_ready()

    def spin(seconds: float = 0.3, until: Callable[[], bool] | None = None, timeout: float = 60.0) -> None:
        end = time.monotonic() + (timeout if until else seconds)
        while time.monotonic() < end:
            app.processEvents()
            if until is not None and until():
                break
            time.sleep(0.01)
        for _ in range(5):
            app.processEvents()

    def idle(panel: Any) -> None:
        spin(until=lambda: panel.idle)
        spin(0.3)
        spin(until=lambda: panel.idle)

    shots: list[str] = []

    def shot(name: str, widget: Any = None) -> None:
        spin(0.4)
        path = out / f"{name}.png"
        (widget or window).grab().save(str(path))
        shots.append(str(path))
        print(f"  {path}")

    spin(1.0)
    # 1 chat
    window.tabs.setCurrentWidget(window.chat)
    for q in (QUESTION, QUESTION_ZH, "Where do I live now?"):
        n = len(window.chat.answers)
        window.chat.send(q)
        spin(until=lambda: len(window.chat.answers) > n)
    shot("01_chat")
    # 2 timeline with a selected event and its derived objects
    window.tabs.setCurrentWidget(window.timeline)
    idle(window.timeline)
    tl = window.timeline
    first_user = next((i for i in range(min(200, tl.model.rowCount()))
                       if (tl.model.row_data(i) or {}).get("evidence_class") == "user_self_report"), 0)
    tl.select_rows([first_user])
    idle(tl)
    shot("02_timeline")
    tl.search.setText("空气炸锅 OR air fryer")
    tl.apply_filters()
    idle(tl)
    tl.select_rows([0])
    idle(tl)
    shot("03_timeline_search")
    tl.clear_filters()
    idle(tl)
    # 3 L2 graph, then the assertion history with time travel
    eg = window.entities
    window.tabs.setCurrentWidget(eg)
    idle(eg)
    user = next((r["entity_id"] for r in eg.entities.rows() if r["is_user"]), None)
    if user:
        eg.select_entity(user)
        idle(eg)
        edge = next((e for e in (eg.hood.edges if eg.hood else [])
                     if (eg.hood.nodes[e["object_id"]].get("entity_type") == "appliance")), None)
        if edge:
            eg.select_edge(edge["triple_id"])
            idle(eg)
        shot("04_entity_graph")
        superseded = next((a for a in eg.assertions if a["status"] == "superseded"), None)
        if superseded:
            eg.tabs.setCurrentIndex(1)
            eg.select_assertion(superseded["assertion_id"])
            idle(eg)
            start = superseded.get("valid_from") or superseded.get("first_observed_at")
            eg.travel_to(float(start) + DAY)
            idle(eg)
            eg.select_assertion(superseded["assertion_id"])
            idle(eg)
            shot("05_assertion_history_time_travel")
            eg.tabs.setCurrentIndex(2)
            shot("06_profile_as_of")
            eg.travel_to(None)
            idle(eg)
    # 4 L3
    sm = window.summaries
    window.tabs.setCurrentWidget(sm)
    idle(sm)
    sm.granularity.setCurrentIndex(max(0, sm.granularity.findData("week")))
    idle(sm)
    sm.select(0)
    idle(sm)
    shot("07_summaries")
    # 5 L4: prefer a skill whose breaker is not closed
    sk = window.skills
    window.tabs.setCurrentWidget(sk)
    idle(sk)
    rows = sk.model.rows()
    pick = next((i for i, r in enumerate(rows) if r["breaker_state"] != "closed"), 0)
    if rows:
        sk.select(pick)
        idle(sk)
    shot("08_skills")
    # 6 trace + why not
    tr = window.trace
    window.tabs.setCurrentWidget(tr)
    tr.trace(QUESTION)
    spin(until=lambda: tr.package is not None)
    idle(tr)
    shot("09_retrieval_trace")
    rice = host.engine.db.read_value("SELECT event_id FROM fact_events WHERE content LIKE '%rice cooker%' "
                                     "AND author_type = 'user' ORDER BY occurred_at DESC LIMIT 1")
    if rice:
        tr.why_input.setText("rice cooker")  # by words: the best match is explained, the others offered
        tr.why_not()
        spin(until=lambda: tr.explanation is not None)
        shot("10_why_not")
    # 7 review inbox
    rv = window.review
    window.tabs.setCurrentWidget(rv)
    idle(rv)
    if rv.model.rowCount():
        rv.select(0)
        idle(rv)
    shot("11_review_inbox")
    # 8 ledger (offline)
    window.tabs.setCurrentWidget(window.ledger)
    idle(window.ledger)
    shot("12_cost_privacy_offline")
    # 9 delete with cascade preview
    window.tabs.setCurrentWidget(tl)
    tl.set_filter(tl.filter.with_(text="pressure cooker", author_type="user"))
    idle(tl)
    tl.select_rows([0])
    idle(tl)
    tl.preview_delete_selected()
    spin(until=lambda: tl.preview_dialog is not None)
    if tl.preview_dialog is not None:
        spin(0.5)
        shot("13_delete_cascade_preview", tl.preview_dialog)
        tl.preview_dialog.reject()
    # 10 settings (the key field masked) and background work with progress
    dialog = SettingsDialog(settings, window)
    dialog.api_key.setText("sk-demo-not-a-real-key")
    dialog.show()
    spin(0.5)
    shot("14_settings", dialog)
    dialog.api_key.clear()
    dialog.reject()
    job = window.start_reembed()
    spin(until=lambda: job is not None and job.last_progress[1] > 0 and job.last_progress[0] > 0, timeout=30)
    shot("15_background_job")
    if job is not None:
        job.cancel()
        spin(until=job.done.is_set, timeout=30)
    # 11 the multi-session conversation: asked about in the chat, found in the timeline with a
    # quoted phrase, and its people and things in the graph
    window.tabs.setCurrentWidget(window.chat)
    for q in CONVERSATION_QUESTIONS:
        n = len(window.chat.answers)
        window.chat.send(q)
        spin(until=lambda: len(window.chat.answers) > n)
    shot("16_conversation_chat")
    window.tabs.setCurrentWidget(tl)
    tl.set_filter(tl.filter.__class__(text='"design studio" Hangzhou'))
    idle(tl)
    tl.select_rows([0])
    idle(tl)
    shot("17_conversation_timeline_phrase")
    tl.clear_filters()
    idle(tl)
    window.tabs.setCurrentWidget(eg)
    eg.search.setText("mochi")
    eg.reload()
    idle(eg)
    if eg.entities.rowCount():
        eg.select_entity(eg.entities.row(0)["entity_id"])
        idle(eg)
        eg.tabs.setCurrentIndex(eg.tabs.indexOf(eg.mentions))
        shot("18_conversation_entity_mentions")
    eg.search.setText("")
    eg.reload()
    idle(eg)
    if user:
        eg.select_entity(user)
        idle(eg)
        i = eg.node_type_filter.findData("appliance")
        eg.node_type_filter.setCurrentIndex(i if i > 0 else min(1, eg.node_type_filter.count() - 1))
        idle(eg)
        eg.tabs.setCurrentIndex(0)
        shot("19_entity_graph_by_type")
    window.tabs.setCurrentWidget(window.chat)
    window.chat._link(QUrl("trace:0"))
    spin(0.2)
    host.stop()
    print(f"{len(shots)} screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
