"""Child processes from the frozen app: ``--run-module`` instead of ``python -m``."""

from __future__ import annotations

import sys

import pytest

from magi_desktop.child_command import RUN_MODULE_FLAG, module_command, run_requested_module


def test_module_command_from_source_and_frozen(monkeypatch) -> None:
    assert module_command("memory_core.cli.main", "eval", "x") == [
        sys.executable, "-m", "memory_core.cli.main", "eval", "x"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert module_command("memory_core.cli.main", "eval") == [
        sys.executable, RUN_MODULE_FLAG, "memory_core.cli.main", "eval"]
    with pytest.raises(ValueError, match="not a module"):
        module_command("os", "-c")


# the test process imported the CLI module already (other tests); the frozen launcher has not
@pytest.mark.filterwarnings("ignore:'memory_core.cli.main' found in sys.modules:RuntimeWarning")
def test_run_requested_module(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    assert run_requested_module(["magi-desktop", "--offline"]) is None  # an ordinary app start
    assert run_requested_module(["magi-desktop", RUN_MODULE_FLAG, "runpy"]) == 2
    assert "expected one of memory_core.cli.main" in capsys.readouterr().err
    assert run_requested_module(["magi-desktop", RUN_MODULE_FLAG, "memory_core.cli.main", "--help"]) == 0
    assert "usage: magi-memory" in capsys.readouterr().out
    assert run_requested_module(["magi-desktop", RUN_MODULE_FLAG, "memory_core.cli.main", "no-such-command"]) == 2
