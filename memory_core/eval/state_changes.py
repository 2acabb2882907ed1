"""State-change scenarios through the CLI: does a ``current_state`` question asked after a change
get the new state as its first finding, and before the change the old one?

The extraction evaluation scores sentences one by one; what a user meets is the whole path —
ingest (L1, L2 supersession, every derived layer), then ``query --mode current_state --now``.
A scenario file holds dated chat lines (the old state, the change, any noise, lines of other
speakers or the assistant) and the question; each scenario runs in a fresh store through
``magi-memory``'s own ``main()``, exactly the commands a user types, and the figures are the
share of scenarios whose first finding names the change (and, where the file says so, whose
findings as of a date before the change do not).

File format (JSON)::

    {"about": "...", "scenarios": [
      {"id": "job-1", "lang": "en", "family": "employer",
       "lines": [{"at": "2024-03-01T10:00:00Z", "text": "I work at Mercy Hospital."},
                 {"at": "2025-03-01T10:00:00Z", "text": "Left Mercy, started at Walgreens."}],
       "question": "Where do I work now?", "now": "2025-06-01T12:00:00Z",
       "expect": ["walgreens"],
       "before": {"now": "2024-06-01T12:00:00Z", "expect": ["mercy"]}}]}

A line may carry ``role`` (``user`` by default, ``assistant``), ``speaker`` (a named person other
than the user) and ``session``. ``expect`` lists alternatives: the first finding must contain one
of them (case-insensitive). ``before`` is optional: as of its date no finding may contain any of
the change's ``expect`` words, and when it has ``expect`` of its own, the first finding must
contain one of those.

A second figure reads L2's live beliefs (``magi-memory assertions``) after the lines: how
often one holds a word of the change, and how often one still holds a word of the old state
(for scenarios with ``before.expect``). Ends are told by words ("passed away") no belief holds,
so the first count is a floor; the second is the one that should go to zero.

Run: ``magi-memory eval state-changes FILE [--json OUT] [-v]``.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence


class ScenarioError(ValueError):
    """A scenario file that does not say what to check (named field, scenario id)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    lang: str
    family: str
    lines: tuple[dict[str, Any], ...]
    question: str
    now: str
    expect: tuple[str, ...]
    before_now: str | None = None
    before_expect: tuple[str, ...] = ()


@dataclass
class Outcome:
    scenario: Scenario
    passed_after: bool
    passed_before: bool | None
    first_after: str
    first_before: str | None = None
    error: str | None = None
    #: L2's live beliefs after the lines (``magi-memory assertions``): one holds a word of the
    #: change; one still holds a word of the old state (None: the file gives no old words)
    l2_new: bool = False
    l2_old: bool | None = None

    @property
    def passed(self) -> bool:
        return self.passed_after and self.passed_before is not False


def _words(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(w, str) and w.strip() for w in value):
        raise ScenarioError(f"{where}: a non-empty list of words is required")
    return tuple(w.strip().lower() for w in value)


def parse(data: dict[str, Any]) -> list[Scenario]:
    """The scenarios of a file's JSON, every field checked (a bad file fails before any runs)."""
    items = data.get("scenarios") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise ScenarioError("scenarios: a non-empty list is required")
    out: list[Scenario] = []
    seen: set[str] = set()
    for n, item in enumerate(items):
        sid = str(item.get("id") or f"#{n}")
        if sid in seen:
            raise ScenarioError(f"{sid}: id used twice")
        seen.add(sid)
        lines = item.get("lines")
        if not isinstance(lines, list) or not lines:
            raise ScenarioError(f"{sid}: lines: a non-empty list is required")
        for i, line in enumerate(lines):
            if not isinstance(line, dict) or not isinstance(line.get("text"), str) or not line.get("at"):
                raise ScenarioError(f"{sid}: lines[{i}]: 'text' and 'at' are required")
        for key in ("question", "now"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise ScenarioError(f"{sid}: {key}: required")
        before = item.get("before")
        if before is not None and (not isinstance(before, dict) or not before.get("now")):
            raise ScenarioError(f"{sid}: before: an object with 'now' is required")
        out.append(Scenario(
            id=sid, lang=str(item.get("lang") or "?"), family=str(item.get("family") or "?"),
            lines=tuple(lines), question=item["question"], now=item["now"],
            expect=_words(item.get("expect"), f"{sid}: expect"),
            before_now=before["now"] if before else None,
            before_expect=_words(before["expect"], f"{sid}: before.expect") if before and before.get("expect") else ()))
    return out


def _chat_rows(s: Scenario) -> list[dict[str, Any]]:
    rows = []
    for i, line in enumerate(s.lines):
        row: dict[str, Any] = {"type": "chat", "session_id": str(line.get("session") or f"s{i}"),
                               "role": line.get("role") or "user", "content": line["text"],
                               "occurred_at": line["at"], "message_id": f"{s.id}-{i}"}
        if line.get("speaker"):
            row["speaker"] = line["speaker"]
        rows.append(row)
    return rows


def _cli(argv: Sequence[str]) -> tuple[int, str]:
    from ..cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(argv))
    return code, out.getvalue()


def _ask(db: str, question: str, now: str) -> list[str]:
    code, out = _cli(["--db", db, "query", "--mode", "current_state", "--now", now, "--json", question])
    if code != 0:
        raise RuntimeError(f"query exited {code}")
    return [str(f.get("content") or "") for f in json.loads(out).get("findings") or []]


def _live_values(db: str) -> list[str]:
    code, out = _cli(["--db", db, "assertions", "--json"])
    if code != 0:
        raise RuntimeError(f"assertions exited {code}")
    return [str(a.get("value") or "").lower() for a in json.loads(out or "[]")]


def run_one(s: Scenario, workdir: Path) -> Outcome:
    """Ingest the lines into a fresh store through ``magi-memory ingest``, then ask."""
    chat = workdir / "chat.jsonl"
    chat.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in _chat_rows(s)) + "\n", encoding="utf-8")
    db = str(workdir / "memory.db")
    try:
        code, _ = _cli(["--db", db, "ingest", str(chat)])
        if code != 0:
            raise RuntimeError(f"ingest exited {code}")
        after = _ask(db, s.question, s.now)
        first = after[0] if after else ""
        passed_after = any(w in first.lower() for w in s.expect)
        live = _live_values(db)
        l2_new = any(w in v for v in live for w in s.expect)
        l2_old = any(w in v for v in live for w in s.before_expect) if s.before_expect else None
        if s.before_now is None:
            return Outcome(s, passed_after, None, first, l2_new=l2_new, l2_old=l2_old)
        before = _ask(db, s.question, s.before_now)
        first_before = before[0] if before else ""
        clean = not any(w in f.lower() for f in before for w in s.expect)
        old_first = not s.before_expect or any(w in first_before.lower() for w in s.before_expect)
        return Outcome(s, passed_after, clean and old_first, first, first_before, l2_new=l2_new, l2_old=l2_old)
    except Exception as exc:  # noqa: BLE001 - a scenario that cannot run is a failure, shown with why
        return Outcome(s, False, None, "", error=f"{type(exc).__name__}: {exc}")


@dataclass
class Tally:
    passed: int = 0
    total: int = 0
    failed_ids: list[str] = field(default_factory=list)

    def add(self, o: Outcome) -> None:
        self.total += 1
        if o.passed:
            self.passed += 1
        else:
            self.failed_ids.append(o.scenario.id)

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "total": self.total,
                "rate": round(self.passed / self.total, 3) if self.total else None}


def summarise(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    overall, by_lang, by_family = Tally(), defaultdict(Tally), defaultdict(Tally)
    for o in outcomes:
        overall.add(o)
        by_lang[o.scenario.lang].add(o)
        by_family[o.scenario.family].add(o)
    return {"overall": overall.to_json(),
            "after_change_first": sum(o.passed_after for o in outcomes),
            "before_checked": sum(o.passed_before is not None for o in outcomes),
            "before_clean": sum(bool(o.passed_before) for o in outcomes),
            # L2's live beliefs (a secondary figure: the answer's first line is the check)
            "l2_holds_change": sum(o.l2_new for o in outcomes),
            "l2_old_checked": sum(o.l2_old is not None for o in outcomes),
            "l2_still_old": sum(bool(o.l2_old) for o in outcomes),
            "by_lang": {k: v.to_json() for k, v in sorted(by_lang.items())},
            "by_family": {k: v.to_json() for k, v in sorted(by_family.items())},
            "failed": overall.failed_ids}


def load(path: str | Path) -> list[Scenario]:
    """The scenarios of a file (a file that cannot be read or parsed: ``ScenarioError`` naming it)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    return parse(data)


def run_file(path: Path, *, only: Sequence[str] = ()) -> tuple[list[Outcome], dict[str, Any]]:
    scenarios = [s for s in load(path) if not only or s.id in only]
    outcomes = []
    for s in scenarios:
        with tempfile.TemporaryDirectory(prefix="magi-scenario-") as d:
            outcomes.append(run_one(s, Path(d)))
    return outcomes, summarise(outcomes)


def summary_of(path: str | Path) -> dict[str, Any]:
    """:func:`run_file`'s summary alone (picklable): what a process pool running several files
    at once returns."""
    return run_file(Path(path))[1]


def format_report(outcomes: Sequence[Outcome], summary: dict[str, Any], *, verbose: bool = False) -> str:
    o = summary["overall"]
    lines = [f"state-change scenarios: {o['passed']} / {o['total']} pass "
             f"(first finding after the change names it: {summary['after_change_first']}; "
             f"before-the-change checks clean: {summary['before_clean']} / {summary['before_checked']})"]
    lines.append(f"  L2 live beliefs after the lines: a word of the change in {summary['l2_holds_change']} / "
                 f"{o['total']}; the old state still live in {summary['l2_still_old']} / {summary['l2_old_checked']}")
    for label, group in (("language", summary["by_lang"]), ("family", summary["by_family"])):
        lines.append(f"  by {label}: " + ", ".join(f"{k} {v['passed']}/{v['total']}" for k, v in group.items()))
    if verbose:
        for out in outcomes:
            if out.passed:
                continue
            s = out.scenario
            lines.append(f"- {s.id} [{s.lang} {s.family}] {s.question!r} expects {list(s.expect)}")
            if out.error:
                lines.append(f"    error: {out.error}")
            lines.append(f"    first after: {out.first_after[:160]!r}")
            if out.passed_before is False:
                lines.append(f"    before ({s.before_now}): first {str(out.first_before)[:160]!r}")
    return "\n".join(lines)
