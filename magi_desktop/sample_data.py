"""A generated, realistic-looking memory: a few months of mixed activity for demos and tests.

The inspector must stay smooth on a large database, so tests and screenshots need one quickly:
:func:`generate_payloads` builds deterministic payloads (seeded RNG) in the engine's own input
formats (chat messages, tool results, plugin reports), and :func:`bulk_ingest` writes them
through ``L1Store.ingest_events`` in large batches — the engine's real write path (dedup, FTS,
embedding jobs, hooks), only with bigger transactions. 100k events take ~10 s on two cores.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from memory_core.events.normalize import normalize

HOUR = 3600.0
DAY = 86400.0

_TRACKS = [("晴天", "周杰伦"), ("End Of An Era", "Dua Lipa"), ("Clair de Lune", "Debussy"),
           ("夜曲", "周杰伦"), ("So What", "Miles Davis"), ("Blinding Lights", "The Weeknd")]
_PAGES = [("Python asyncio documentation", "https://docs.python.org/3/library/asyncio.html"),
          ("日语五十音图", "https://www.example.jp/kana"),
          ("SQLite FTS5 Extension", "https://sqlite.org/fts5.html"),
          ("Rust 程序设计语言", "https://kaisery.github.io/trpl-zh-cn/"),
          ("Qt for Python", "https://doc.qt.io/qtforpython-6/"),
          ("钢琴入门教程", "https://www.example.com/piano"),
          ("GitHub - pyqtgraph", "https://github.com/pyqtgraph/pyqtgraph"),
          ("Hacker News", "https://news.ycombinator.com/")]
_REPOS = ["magi-desktop", "dotfiles", "blog"]
_COMMANDS = ["pytest -q", "git status", "make build", "python -m magi_desktop", "ls -la"]
_APPS = [("Visual Studio Code", "engine.py"), ("Firefox", "Qt docs"), ("微信", "家人群"),
         ("Terminal", "zsh")]
#: neutral background statements: none of them contradicts the bundled sample's stories (what
#: was bought when, where the user lives), so a demo built from both still tells those stories
_USER_SAYS = [
    "I use neovim for most of my coding", "我在学日语", "I started learning the piano",
    "My sister works in Hangzhou", "I prefer tea in the afternoon", "今天跑了五公里",
    "I am reading a book about Rust", "周末想去爬山"]
_USER_ASKS = ["帮我推荐几首爵士乐", "How do I profile asyncio code?", "Can you summarise my week?",
              "What is a good Rust book?", "日语的敬语怎么学？"]
_ASSISTANT = ["好的，推荐你听 Miles Davis 的 Kind of Blue。",
              "You can use cProfile or py-spy to profile asyncio code.",
              "This week you mostly worked on magi-desktop.",
              "The Rust Programming Language is a good start.", "可以先从です・ます体开始。"]
_TOOLS = [("web_search", "search"), ("calculator", "math"), ("calendar_lookup", "calendar"),
          ("file_reader", "files")]


def _browser(rng: random.Random, i: int, t: float) -> dict[str, Any]:
    title, url = rng.choice(_PAGES)
    return {"source_type": "browser", "source_item_id": f"visit-{i}", "occurred_at": t,
            "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
            "provenance": {"title": title, "url": url}, "tags": ["browser"]}


def _music(rng: random.Random, i: int, t: float) -> dict[str, Any]:
    track, artist = rng.choice(_TRACKS)
    return {"source_type": "netease_music", "source_item_id": f"play-{i}", "occurred_at": t,
            "activity": {"source_code": "netease_music", "action_code": "listen_music",
                         "object_code": "song"},
            "provenance": {"track_name": track, "artist_name": artist,
                           "play_duration_sec": rng.randint(60, 400)},
            "entities": [{"mention_text": track, "entity_type": "media"},
                         {"mention_text": artist, "entity_type": "person"}]}


def _git(rng: random.Random, i: int, t: float) -> dict[str, Any]:
    return {"source_type": "git", "source_item_id": f"git-{i}", "occurred_at": t,
            "activity": {"source_code": "git", "action_code": "commit", "object_code": "commit"},
            "provenance": {"repo": rng.choice(_REPOS), "branch": "main",
                           "message": rng.choice(["fix timeline paging", "add tray menu",
                                                  "更新文档", "refactor engine host"])}}


def _terminal(rng: random.Random, i: int, t: float) -> dict[str, Any]:
    return {"source_type": "terminal", "source_item_id": f"cmd-{i}", "occurred_at": t,
            "activity": {"source_code": "terminal", "action_code": "run_command", "object_code": "command"},
            "provenance": {"command": rng.choice(_COMMANDS), "exit_code": rng.choice([0, 0, 0, 1])}}


def _app_usage(rng: random.Random, i: int, t: float) -> dict[str, Any]:
    app, window = rng.choice(_APPS)
    return {"source_type": "system_usage", "source_item_id": f"app-{i}", "occurred_at": t,
            "activity": {"source_code": "system_usage", "action_code": "app_usage", "object_code": "app"},
            "provenance": {"app_name": app, "window_title": window,
                           "duration_sec": rng.randint(60, 3600)}}


def _chat_turns(rng: random.Random, i: int, t: float) -> list[dict[str, Any]]:
    session = f"chat-{i // 40}"
    out: list[dict[str, Any]] = []
    if rng.random() < 0.6:
        out.append({"type": "chat", "session_id": session, "role": "user",
                    "content": rng.choice(_USER_SAYS), "occurred_at": t, "message_id": f"u-{i}"})
    else:
        out.append({"type": "chat", "session_id": session, "role": "user",
                    "content": rng.choice(_USER_ASKS), "occurred_at": t, "message_id": f"q-{i}"})
        out.append({"type": "chat", "session_id": session, "role": "assistant",
                    "content": rng.choice(_ASSISTANT), "occurred_at": t + 5, "message_id": f"a-{i}"})
    if rng.random() < 0.15:
        tool, category = rng.choice(_TOOLS)
        ok = rng.random() < 0.8
        out.append({"type": "chat", "session_id": session, "role": "tool", "tool_name": tool,
                    "category": category, "success": ok, "duration_ms": rng.randint(80, 4000),
                    "input": {"q": rng.choice(_USER_ASKS)},
                    "content": "ok" if ok else "error: timeout", "error": None if ok else "timeout",
                    "occurred_at": t + 8, "message_id": f"t-{i}"})
    return out


_GENERATORS = ((_browser, 0.45), (_music, 0.15), (_app_usage, 0.12), (_terminal, 0.08),
               (_git, 0.05))


def generate_payloads(n: int, *, start: float, span_days: float = 90.0,
                      seed: int = 7) -> Iterator[dict[str, Any]]:
    """About ``n`` payloads spread over ``span_days`` from ``start`` (daytime-heavy, like a person)."""
    rng = random.Random(seed)
    # about 25 % of the slots fall in the night and are mostly skipped: stretch the slots so the
    # n events still end near start + span_days
    produced_per_slot = 1.0 - (7.0 / 24.0) * 0.85
    step = span_days * DAY * produced_per_slot / max(n, 1)
    produced = 0
    i = 0
    while produced < n:
        t = start + i * step
        hour = (t % DAY) / HOUR
        i += 1
        if hour < 7 and rng.random() < 0.85:  # people sleep
            continue
        r = rng.random()
        acc = 0.0
        for gen, weight in _GENERATORS:
            acc += weight
            if r < acc:
                yield gen(rng, i, t)
                produced += 1
                break
        else:
            for p in _chat_turns(rng, i, t):
                if produced >= n:
                    break
                yield p
                produced += 1


def bulk_ingest(engine: Any, payloads: Any, *, batch_size: int = 5000) -> int:
    """Normalise and write ``payloads`` in large transactions; returns events written."""
    written = 0
    batch = []
    for payload in payloads:
        batch.append(normalize(payload, locale=engine.config.locale))
        if len(batch) >= batch_size:
            written += engine.l1.ingest_events(batch, batch_size=batch_size).ingested
            batch = []
    if batch:
        written += engine.l1.ingest_events(batch, batch_size=batch_size).ingested
    return written
