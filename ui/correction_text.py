"""What "This is wrong" will do and did, in words (pure functions, no Qt).

Denying an assertion does more than mark it: its mirrored edges are denied too, and when it had
superseded a value, that value becomes current again (``L2Service.deny_assertion``: the
predecessor was replaced by something wrong). A user correcting "employer: Hooli" should see
before clicking that "employer: Initech" comes back, and after it what changed — not find the
old job current later with no idea why.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence


def _named(row: Mapping[str, Any]) -> str:
    return f"“{row.get('trait')}: {'' if row.get('polarity', 1) else 'not '}{row.get('value')}”"


def restored_by_deny(assertion: Mapping[str, Any], chain: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The assertion a deny of ``assertion`` makes current again: the one it superseded, while
    that one is still only superseded (as ``deny_assertion`` decides)."""
    prev = assertion.get("supersedes")
    return next((c for c in chain if prev and c.get("assertion_id") == prev and c.get("status") == "superseded"), None)


def deny_preview(kind: str | None, row: Mapping[str, Any], chain: Sequence[Mapping[str, Any]] = ()) -> str:
    """The "This is wrong" button's explanation for the selection (``kind`` None: nothing is
    selected), before it is pressed."""
    if kind is None:
        return "Mark the selected assertion or edge user_denied (reversible)"
    if kind == "edge":
        return ("Mark the selected edge wrong (user_denied): retrieval, the graph and the profile stop "
                "using it. Undo puts it back.")
    text = (f"Mark {_named(row)} wrong (user_denied): it and the graph edges it mirrors leave every "
            "answer and the profile.")
    back = restored_by_deny(row, chain)
    if back is not None:
        text += f" The value it replaced, {_named(back)}, becomes current again."
    return text + " Undo puts everything back."


def correction_summary(result: Mapping[str, Any] | None, chain: Sequence[Mapping[str, Any]] = ()) -> str:
    """One line on what the last correction or its undo changed (``deny_assertion`` /
    ``deny_edge`` / ``undo_correction`` results)."""
    if not result:
        return ""
    if "undone" in result:
        u = result["undone"] or {}
        return (f"Undone: {len(u.get('restored_assertions') or [])} assertion(s) and "
                f"{len(u.get('restored_edges') or [])} edge(s) put back as they were.")
    by_id = {c.get("assertion_id"): c for c in chain}
    edges = len(result.get("denied_edges") or [])
    if "assertion_id" in result:
        row = by_id.get(result["assertion_id"])
        text = f"Marked wrong: {_named(row) if row else result['assertion_id']}"
        if edges:
            text += f", and {edges} edge(s) it mirrors"
        restored = result.get("restored")
        if restored:
            back = by_id.get(restored)
            text += f". Current again: {_named(back) if back else restored} (the value it had replaced)"
        return text + ". Undo puts it back."
    if "triple_id" in result:
        return "Marked the edge wrong. Undo puts it back."
    return ""
