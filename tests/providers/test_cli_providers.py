"""``magi-memory providers status|test|calls`` against a fake DashScope server."""

from __future__ import annotations

import json
import os
from pathlib import Path

from memory_core.cli.main import main
from memory_core.config import MemoryConfig, ProviderSettings
from memory_core.providers.testing import Reply

from .conftest import FAKE_KEY


def test_status_test_and_calls(monkeypatch, dashscope_server, capsys, tmp_path):
    data_dir = Path(os.environ["MAGI_DATA_DIR"])
    MemoryConfig(data_dir=data_dir, providers=ProviderSettings(
        chat_provider="dashscope", dashscope_base_url=dashscope_server.base_url)).save()
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    assert main(["providers", "status"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["tiers"]["CORE_REASONING"] == {"provider": "dashscope", "model": "qwen-plus",
                                                  "reasoning": True, "available": True}
    assert dashscope_server.requests == []  # status makes no call
    dashscope_server.responder = lambda endpoint, body: Reply.json({"ok": True})
    db = tmp_path / "cli.db"
    assert main(["--db", str(db), "providers", "test"]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok via dashscope/") == 4 and "embedding: ok magi-hashing" in out
    assert main(["--db", str(db), "providers", "calls"]) == 0
    calls = capsys.readouterr().out.strip().splitlines()
    assert len(calls) == 4 and all(" ok " in line and "providers_test" in line for line in calls)
    assert FAKE_KEY not in out + "".join(calls)
