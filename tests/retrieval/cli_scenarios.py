"""One short history through the CLI as the scenario harness runs it (``magi-memory ingest``,
then ``query --mode current_state --now``), for the tests that show a reading end to end."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from memory_core.eval.state_changes import parse, run_one


def spaced(lines: Sequence[str], *, start: str = "2024-01-05", months: int = 3) -> list[tuple[str, str]]:
    """(at, text) for ``lines`` told ``months`` apart from ``start`` (a date), at 10:00 UTC."""
    year, month, day = (int(x) for x in start.split("-"))
    out = []
    for i, text in enumerate(lines):
        y, m = divmod(month - 1 + i * months, 12)
        out.append((f"{year + y:04d}-{m + 1:02d}-{day:02d}T10:00:00Z", text))
    return out


def history(sid: str, lang: str, family: str, lines: Sequence[tuple[str, str]], question: str, expect: str,
            now: str) -> dict:
    """A scenario file's JSON with one scenario: ``lines`` as (at, text)."""
    return {"scenarios": [{
        "id": sid, "lang": lang, "family": family, "question": question, "now": now, "expect": [expect],
        "lines": [{"at": at, "text": text} for at, text in lines]}]}


def told(sid: str, lang: str, family: str, lines: Sequence[str], question: str, expect: str, *,
         now: str = "2024-12-01T10:00:00Z", start: str = "2024-01-05", months: int = 3) -> dict:
    """:func:`history` of ``lines`` told ``months`` apart from ``start`` (:func:`spaced`): the
    usual shape of a CLI case."""
    return history(sid, lang, family, spaced(lines, start=start, months=months), question, expect, now)


def assert_first_finding(data: dict, tmp_path: Path, monkeypatch) -> None:
    """The first finding after the lines names what the scenario expects (default offline
    embedder: e5 and the state-line model)."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    (scenario,) = parse(data)
    out = run_one(scenario, tmp_path)
    assert out.error is None
    assert out.passed_after is True, out.first_after


def told_before(sid: str, lang: str, family: str, lines: Sequence[str], question: str, expect: str, held: str, *,
                now: str = "2024-12-01T10:00:00Z", before: str = "2024-05-01T10:00:00Z") -> dict:
    """:func:`told` of ``lines`` (three months apart from 2024-01-05) with a check as of
    ``before``, a date after the first lines and before the change: the first finding then names
    ``held`` and not ``expect``."""
    data = told(sid, lang, family, lines, question, expect, now=now)
    data["scenarios"][0]["before"] = {"now": before, "expect": [held]}
    return data


def assert_before_and_after(data: dict, tmp_path: Path, monkeypatch) -> None:
    """:func:`assert_first_finding`, and as of the scenario's ``before`` date the first finding
    names the state held then."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    (scenario,) = parse(data)
    out = run_one(scenario, tmp_path)
    assert out.error is None and out.passed_after is True, out.first_after
    assert out.passed_before is True, out.first_before
