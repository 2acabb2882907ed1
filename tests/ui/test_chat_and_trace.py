"""Chat round trip on the offline path (answers link to their findings, messages become memory),
the retrieval trace view (paths, fused candidates, reranker deltas, scopes) and "Why not X?";
plus the offline guarantee: a whole offline session makes zero outbound connections."""

from __future__ import annotations

import json
import socket

import pytest

from magi_desktop.answer_template import compose_offline_answer, overall_strength
from memory_core.l2.phrases import describe
from magi_desktop.main_window import MainWindow
from magi_desktop.network_guard import NetworkGuard, OfflineViolation, is_loopback
from magi_desktop.settings import AppSettings
from tests.ui.conftest import show_panel, wait_idle
from ui.chat import ChatPanel
from ui.retrieval_trace import RetrievalTracePanel

QUESTION = "What kitchen appliance did I buy before the air fryer?"


def _ask(qtbot, panel: ChatPanel, text: str):
    n = len(panel.answers)
    panel.send(text)
    qtbot.waitUntil(lambda: len(panel.answers) > n or "Could not answer" in panel.view.toPlainText(),
                    timeout=60_000)
    assert len(panel.answers) > n, panel.view.toPlainText()
    return panel.answers[-1]


def test_offline_template_states_evidence_strength() -> None:
    none = compose_offline_answer({"findings": [], "insufficient_evidence": True, "summary": ""})
    assert "don't have enough evidence" in none and overall_strength({"findings": []}) == "none"
    weak = {"evidence_level": "weak", "insufficient_evidence": False, "findings": [
        {"event_id": "e1", "content": "I want to make soup with my new pressure cooker", "occurred_at": 1.7e9,
         "author_type": "user", "evidence_strength": "indirect"}]}
    text = compose_offline_answer(weak)
    assert "[1]" in text and "pressure cooker" in text and "weak" in text and "hint" in text


def test_chat_round_trip_offline(qtbot, demo_host) -> None:
    engine = demo_host.engine
    before = engine.db.read_value("SELECT count(*) FROM fact_events WHERE source = 'chat'")
    panel = show_panel(qtbot, ChatPanel, demo_host)
    assert "offline" in panel.mode_label.text()
    answer = _ask(qtbot, panel, QUESTION)
    assert not answer.used_llm
    assert answer.finding_ids, answer.text
    top = engine.db.read_value("SELECT content FROM fact_events WHERE event_id = ?", (answer.finding_ids[0],))
    assert "pressure cooker" in top.lower() or "高压锅" in top
    assert answer.strength in ("weak", "strong", "moderate") and "evidence" in answer.text
    assert "rice cooker" not in answer.text.lower().split("[1]")[1].split("\n")[0]
    # both messages are memory now; the assistant's reply records the findings it used
    after = engine.db.read_value("SELECT count(*) FROM fact_events WHERE source = 'chat'")
    assert after == before + 2
    meta = json.loads(engine.db.read_value("SELECT metadata_json FROM fact_events WHERE event_id = ?",
                                           (answer.assistant_event_id,)))
    assert meta["raw"]["finding_event_ids"] == answer.finding_ids
    user_row = engine.db.read_one("SELECT author_type, content, session_id FROM fact_events WHERE event_id = ?",
                                  (answer.user_event_id,))
    assert user_row["content"] == QUESTION and user_row["session_id"] == panel.session_id
    # the findings are links: clicking one opens the event
    assert f"event:{answer.finding_ids[0]}" in panel.view.toHtml()
    got = []
    panel.event_requested.connect(got.append)
    from PySide6.QtCore import QUrl

    panel._link(QUrl(f"event:{answer.finding_ids[0]}"))
    assert got == [answer.finding_ids[0]]
    # a second question in the same session
    second = _ask(qtbot, panel, "Where do I live now?")
    assert second.session_id == answer.session_id
    # the text's [n] and the links' [n] are the same findings (an assertion and its mirrored
    # edge cite one event: folding them by event shifted every later number)
    for i, f in enumerate(second.findings[:3], start=1):
        line = next(x for x in second.text.splitlines() if x.startswith(f"[{i}]"))
        # a derived finding is said in words (l2.phrases), an event is quoted
        said = describe(str(f.get("kind")), f.get("facts") or {}, "en") if f.get("facts") else None
        content = said or " ".join(str(f.get("content") or "").split())
        assert content[:40] in line, (i, line, content)
    # a Chinese question is answered in Chinese, not an English template
    zh = _ask(qtbot, panel, "我现在住在哪里？")
    assert zh.text.startswith("根据记忆") or zh.text.startswith("记忆里没有"), zh.text
    assert "From memory" not in zh.text and "On 20" not in zh.text
    # and its derived findings in Chinese words, not the model-facing "residence: jiaxing (…)",
    # in the text and in the list of findings under it
    assert "residence:" not in zh.text and "tentative" not in zh.text, zh.text
    shown = panel.view.toPlainText()
    assert "tentative" not in shown and "LIVES_IN" not in shown and "OWNS" not in shown, shown[-1500:]


def test_trace_view_for_typed_query_and_why_not(qtbot, demo_host) -> None:
    engine = demo_host.engine
    panel = show_panel(qtbot, RetrievalTracePanel, demo_host)
    panel.trace(QUESTION)
    qtbot.waitUntil(lambda: panel.package is not None, timeout=60_000)
    wait_idle(qtbot, panel)
    trace = panel.package["trace"]
    paths = {r["path"]: r for r in panel.path_model.rows()}
    assert {"bm25", "vector", "keyword"} <= set(paths)
    assert all(r["weight"] is not None for r in paths.values())
    # a path's best hits read as text, not as event ids
    import re

    tops = [r["top"] for r in paths.values() if r["candidates"]]
    assert tops and all("“" in t and not re.search(r"\b[0-9A-HJKMNP-TV-Z]{26}\b", t) for t in tops), tops
    cands = panel.cand_model.rows()
    assert len(cands) == len(trace["fused"]) > 0
    findings = [r for r in cands if r["outcome"].startswith("finding")]
    assert findings and findings[0]["outcome"] == "finding #1"
    assert any(r["rerank_delta"] for r in cands), "the reranker adjusted some candidates"
    assert panel.findings.model_.rowCount() == len(panel.package["findings"])
    assert "fact_authoritative" in json.dumps(trace["scopes"])
    # why not the rice cooker? (bought after the air fryer: outside the anchor's window)
    rice = engine.db.read_value("SELECT event_id FROM fact_events WHERE content LIKE '%rice cooker%' "
                                "AND author_type = 'user' ORDER BY occurred_at DESC LIMIT 1")
    assert rice is not None
    panel.why_input.setText(rice)
    panel.why_not()
    qtbot.waitUntil(lambda: panel.explanation is not None, timeout=60_000)
    exp = panel.explanation["explanation"]
    assert exp["stage"] != "included", exp
    assert exp["stage"] in panel.why_view.toPlainText()
    # why not the assistant's recipe talk? named by text instead of id
    panel.explanation = None
    panel.why_input.setText("recipe")
    panel.why_not()
    qtbot.waitUntil(lambda: panel.explanation is not None, timeout=60_000)
    assert panel.explanation["event_id"] is not None
    # the words match several events: the best is explained, the others are offered as links
    others = [c["event_id"] for c in panel.explanation["candidates"][1:]]
    assert others and f"whynot:{others[0]}" in panel.why_view.toHtml()
    from PySide6.QtCore import QUrl

    panel.explanation = None
    panel._why_link(QUrl(f"whynot:{others[0]}"))
    qtbot.waitUntil(lambda: panel.explanation is not None, timeout=60_000)
    assert panel.explanation["event_id"] == others[0]


def test_chat_answer_opens_its_trace(qtbot, demo_host) -> None:
    w = MainWindow(demo_host, AppSettings(data_dir=demo_host.engine.db.path.parent))
    qtbot.addWidget(w)
    w.show()
    answer = _ask(qtbot, w.chat, QUESTION)
    w.chat._link(__import__("PySide6.QtCore", fromlist=["QUrl"]).QUrl("trace:0"))
    qtbot.waitUntil(lambda: w.trace.package is not None, timeout=20_000)
    wait_idle(qtbot, w.trace)
    assert w.tabs.currentWidget() is w.trace
    assert w.trace.query.text() == QUESTION
    assert [f["event_id"] for f in w.trace.package["findings"]][:1] == answer.finding_ids[:1]


def test_empty_database_chat_and_trace(qtbot, empty_host) -> None:
    trace = show_panel(qtbot, RetrievalTracePanel, empty_host)
    trace.trace("breakfast")
    qtbot.waitUntil(lambda: trace.package is not None, timeout=60_000)
    wait_idle(qtbot, trace)
    assert trace.package["insufficient_evidence"] and trace.cand_model.rowCount() == 0
    chat = show_panel(qtbot, ChatPanel, empty_host)
    answer = _ask(qtbot, chat, "What did I have for breakfast?")
    assert answer.strength == "none" and "enough evidence" in answer.text


@pytest.mark.slow
def test_100k_database_chat_and_trace(qtbot, big_host) -> None:
    chat = show_panel(qtbot, ChatPanel, big_host)
    answer = _ask(qtbot, chat, QUESTION)
    assert answer.finding_ids
    trace = show_panel(qtbot, RetrievalTracePanel, big_host)
    trace.trace("Jiaxing rental apartment")
    qtbot.waitUntil(lambda: trace.package is not None, timeout=60_000)
    wait_idle(qtbot, trace)
    assert trace.cand_model.rowCount() > 0


# -- offline: zero outbound connections ---------------------------------------------------------


def test_network_guard_refuses_off_machine_connections() -> None:
    assert is_loopback(("127.0.0.1", 80)) and is_loopback(("::1", 80, 0, 0)) and is_loopback("/tmp/sock")
    assert not is_loopback(("93.184.216.34", 443)) and not is_loopback(("example.com", 443))
    with NetworkGuard() as guard:
        s = socket.socket()
        try:
            with pytest.raises(OfflineViolation):
                s.connect(("10.255.255.1", 9))
        finally:
            s.close()
        srv = socket.socket()
        srv.bind(("127.0.0.1", 0))
        srv.listen(1)
        c = socket.socket()
        c.connect(srv.getsockname())  # loopback is allowed
        c.close()
        srv.close()
    assert guard.blocked == ["('10.255.255.1', 9)"]
    assert socket.socket.connect is not None and not guard.active


def test_offline_session_makes_zero_outbound_connections(qtbot, host_on, tmp_path, monkeypatch) -> None:
    """A whole session — ingest a file, chat, trace, export — with every connect() recorded.

    The recorder wraps ``socket.socket.connect`` in this (UI) process; the engine process runs
    its own guard (``offline_guard=True``), which counts and refuses, and reports what it saw.
    """
    attempts: list[object] = []
    real_connect = socket.socket.connect

    def recording_connect(sock, address):
        if not is_loopback(address) and sock.family != getattr(socket, "AF_UNIX", None):
            attempts.append(address)
            raise OfflineViolation(f"test: outbound connection to {address!r}")
        return real_connect(sock, address)

    monkeypatch.setattr(socket.socket, "connect", recording_connect)
    host = host_on(tmp_path / "off" / "memory.db", start_workers=True, offline_guard=True)
    w = MainWindow(host, AppSettings(data_dir=tmp_path / "off", offline_only=True))
    qtbot.addWidget(w)
    w.show()
    job = w.load_demo_sample()
    qtbot.waitUntil(job.done.is_set, timeout=60_000)
    assert job.result["ingested"] > 0
    host.submit(lambda engine: engine.drain()).result(120)
    answer = _ask(qtbot, w.chat, QUESTION)
    assert answer.finding_ids and not answer.used_llm
    w.trace.trace("Where do I live now?")
    qtbot.waitUntil(lambda: w.trace.package is not None, timeout=60_000)
    job = w.export_to(str(tmp_path / "off.json"))
    qtbot.waitUntil(job.done.is_set, timeout=60_000)
    assert job.error is None
    qtbot.waitUntil(lambda: "offline" in w.offline_label.text(), timeout=10_000)
    engine_side = host.engine.rpc.call("network_attempts")
    assert attempts == [] and engine_side == [], (attempts, engine_side)
    assert host.engine.db.read_value("SELECT count(*) FROM provider_calls WHERE network = 1") == 0


def test_the_question_is_never_evidence_for_itself(qtbot, demo_host) -> None:
    """The chat stores each message before asking memory: the question, the same question asked
    before, other questions and the assistant's replies are never findings (in any mode); what
    the user *stated* earlier in the conversation still is."""
    engine = demo_host.engine
    panel = show_panel(qtbot, ChatPanel, demo_host)

    def contents(answer) -> list[tuple[str, str, str]]:
        rows = []
        for eid in answer.finding_ids:
            row = engine.db.read_one("SELECT content, author_type, evidence_class FROM fact_events "
                                     "WHERE event_id = ?", (eid,))
            if row is not None:
                rows.append((row["content"], row["author_type"], row["evidence_class"]))
        return rows

    question = "Tell me about the trip to Qiandao Lake and the dumplings we talked about?"
    first = _ask(qtbot, panel, question)
    again = _ask(qtbot, panel, question)  # the same question, asked before: an echo
    for answer in (first, again):
        assert answer.user_event_id not in answer.finding_ids
        for content, author, evidence_class in contents(answer):
            assert content.strip() != question
            assert author != "assistant", content
            assert evidence_class != "user_question", content
        # and the trace says why the stored question was left out
        dropped = answer.package["trace"]["dropped"]
        assert answer.user_event_id in dropped, sorted(dropped)
        assert dropped[answer.user_event_id]["stage"] == "chat_artifact"
    assert first.user_event_id in again.package["trace"]["dropped"]
    assert first.assistant_event_id in again.package["trace"]["dropped"] or \
        first.assistant_event_id not in {c["event_id"] for c in again.package["trace"]["fused"]}

    # a statement earlier in the same conversation is evidence
    statement = "My dentist is Dr. Okafor, her clinic is on Wulin Road."
    _ask(qtbot, panel, statement)
    answer = _ask(qtbot, panel, "Who is my dentist?")
    texts = [c for c, _, _ in contents(answer)]
    assert texts and texts[0] == statement, texts


def test_llm_answers_in_the_questions_language_and_numbers_findings_like_the_links() -> None:
    """Issue 15 item 1 on the LLM path: the prompt asks for the question's language, and a
    second memory_query call's findings continue the numbering the chat links use (they
    restarted at 1, so the LLM's [1] could be another event than the link [1])."""
    import asyncio
    from types import SimpleNamespace

    from magi_desktop.agent import ChatAgent
    from memory_core.providers.chat import ChatResult, ToolCall

    packages = {"first": {"findings": [{"event_id": "a", "content": "moved to Jiaxing", "layer": "l1"},
                                       {"event_id": "b", "content": "lived in Shanghai", "layer": "l1"}]},
                "second": {"findings": [{"event_id": "b", "content": "lived in Shanghai", "layer": "l1"},
                                        {"event_id": "c", "content": "rent is 3000", "layer": "l1"}]}}
    seen: list = []

    class Chat:
        def available(self, _tier) -> bool:
            return True

        def complete(self, request):
            seen.append(request)
            tools = [m for m in request.messages if m.role == "tool"]
            if len(tools) < 2:
                q = "first" if not tools else "second"
                return ChatResult(text="", tool_calls=[ToolCall(f"t{len(tools)}", "memory_query", {"query": q})])
            return ChatResult(text="你住在嘉兴 [1]。", model="fake")

    async def query(text, mode=None, **_kw):
        return packages[text]

    async def ingest(_payload):
        return SimpleNamespace(event_ids=["x"])

    engine = SimpleNamespace(clock=SimpleNamespace(now=lambda: 1.7e9), providers=SimpleNamespace(chat=Chat()),
                             query=query, ingest=ingest)
    answer = asyncio.run(ChatAgent(engine).ask("我现在住在哪里？"))
    assert answer.used_llm and "简体中文" in seen[0].messages[0].content
    second_tool = json.loads([m for m in seen[-1].messages if m.role == "tool"][1].content)
    numbered = {f["event_id"]: f["n"] for f in second_tool["findings"]}
    assert numbered == {"b": 2, "c": 3}  # as the chat links number them
    assert [f["event_id"] for f in answer.findings] == ["a", "b", "c"]
    english = asyncio.run(ChatAgent(engine).ask("Where do I live now?"))
    assert english.used_llm and "简体中文" not in seen[-1].messages[0].content
