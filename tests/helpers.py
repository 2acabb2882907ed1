"""Payload builders shared by tests (import as ``from tests.helpers import chat``)."""

from __future__ import annotations

DAY = 86400.0
T0 = 1_715_000_000.0  # 2024-05-06


def chat(session: str, role: str, content: str, t: float, mid: str | None = None) -> dict:
    msg = {"type": "chat", "session_id": session, "role": role, "content": content, "occurred_at": t}
    if mid:
        msg["message_id"] = mid
    return msg


def netease(item_id: str, t: float, track: str = "End Of An Era (Live From Mexico)",
            artist: str = "Dua Lipa", secs: int = 206) -> dict:
    return {
        "source_type": "netease_music", "source_item_id": item_id, "occurred_at": t,
        "activity": {"source_code": "netease_music", "action_code": "listen_music", "object_code": "song"},
        "provenance": {"track_name": track, "artist_name": artist, "album_name": track,
                       "play_duration_sec": secs},
        "entities": [{"mention_text": track, "entity_type": "media"},
                     {"mention_text": artist, "entity_type": "person"}],
        "tags": ["netease_music", "music", "listening"],
    }


def dead_owner():
    """A job owner whose process has exited (the pid of a child that already finished)."""
    import subprocess
    import sys
    import time

    from memory_core.jobs.owners import JobOwner, process_owner

    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    pid = int(child.stdout)
    return JobOwner(f"{pid}@{process_owner().host}#gone", pid, process_owner().host, time.time())
