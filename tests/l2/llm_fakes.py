"""Replay recorded LLM answers through the providers' local fake OpenAI-compatible server.

The recorded answers (``recorded/*.json``) were written in the shape the models return; the
ids a model copies from its prompt (event ids, known entity ids, Phase 2 keys, existing edge
ids) are placeholders filled from the actual request, as a model would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from memory_core.providers.testing import Reply

RECORDED = Path(__file__).parent / "recorded"


def recorded(name: str) -> str:
    return (RECORDED / name).read_text(encoding="utf-8")


def call_kind(body: dict[str, Any]) -> str:
    system = body["messages"][0]["content"]
    if system.startswith("You read a user's memory events"):
        return "phase1"
    if system.startswith("You integrate new facts"):
        return "phase2"
    if system.startswith("Two memory records"):
        return "arbitration"
    if system.startswith("For each mention"):
        return "disambiguation"
    return "other"


def fill(template: str, body: dict[str, Any]) -> str:
    user = body["messages"][-1]["content"]
    events = re.findall(r'<event id="([^"]+)"', user)
    out = template
    for i, eid in enumerate(events):
        out = out.replace(f"{{EVENT_{i}}}", eid)
    for eid, name in re.findall(r"^- (ent_\w+) \| ([^|]+) \|", user, re.M):
        out = out.replace(f"{{KNOWN:{name.strip()}}}", eid)
    out = re.sub(r'"\{KNOWN:[^}]+\}"', "null", out)
    if out.lstrip().startswith('{"labels"') or "{NEW:" in out:
        data = json.loads(user)
        for kind in ("edge", "assertion"):
            new = next((n["key"] for n in data["new"] if n["kind"] == kind), None)
            old = next((x["id"] for x in data["existing"] if x["kind"] == kind), None)
            out = out.replace(f"{{NEW:{kind}}}", new or "none").replace(f"{{EXISTING:{kind}}}", old or "none")
    return out


class Script:
    """Per call kind, a queue of replies (recorded file names, or Reply objects)."""

    def __init__(self) -> None:
        self.queues: dict[str, list[Any]] = {}
        self.seen: list[tuple[str, dict[str, Any]]] = []

    def add(self, kind: str, *items: Any) -> "Script":
        self.queues.setdefault(kind, []).extend(items)
        return self

    def responder(self) -> Callable[[str, Any], Reply | None]:
        def respond(endpoint: str, body: Any) -> Reply | None:
            if endpoint != "chat":
                return None
            kind = call_kind(body)
            self.seen.append((kind, body))
            queue = self.queues.get(kind) or []
            if not queue:
                raise AssertionError(f"unexpected {kind} call")
            item = queue.pop(0)
            if isinstance(item, Reply):
                return item
            if callable(item):
                return item(body)
            return Reply.ok(fill(recorded(item), body))
        return respond

    def calls(self, kind: str) -> list[dict[str, Any]]:
        return [b for k, b in self.seen if k == kind]


def no_match(body: dict[str, Any]) -> Reply:
    """A disambiguation answer choosing none of the candidates (different things)."""
    data = json.loads(body["messages"][-1]["content"])
    return Reply.json({"decisions": [{"mention_key": m["mention_key"], "entity_id": None, "confidence": 0.9}
                                     for m in data["mentions"]]})
