"""Start one of the app's Python entry points in a child process, from a source install or from
the frozen app.

In a PyInstaller build ``sys.executable`` is the app itself, not a Python interpreter, so
``sys.executable -m memory_core.cli.main eval …`` started a second app instead of the eval. The
frozen launcher (``packaging/launch.py``) answers ``--run-module MODULE ARGS…`` by running MODULE
as ``__main__`` in that process; only the modules in ``RUNNABLE`` may be run that way (the flag
is not a way to run arbitrary bundled code).
"""

from __future__ import annotations

import runpy
import sys
from typing import Sequence

RUN_MODULE_FLAG = "--run-module"
#: what a child process may be asked to run
RUNNABLE = frozenset({"memory_core.cli.main"})


def module_command(module: str, *args: str) -> list[str]:
    """The command line that runs ``python -m module args…`` here (source or frozen)."""
    if module not in RUNNABLE:
        raise ValueError(f"{module!r} is not a module the app runs in a child process")
    if getattr(sys, "frozen", False):
        return [sys.executable, RUN_MODULE_FLAG, module, *args]
    return [sys.executable, "-m", module, *args]


def run_requested_module(argv: Sequence[str]) -> int | None:
    """The frozen launcher's first step: run the module ``argv`` asks for and return its exit
    code, or None when ``argv`` is an ordinary app command line."""
    if len(argv) < 2 or argv[1] != RUN_MODULE_FLAG:
        return None
    if len(argv) < 3 or argv[2] not in RUNNABLE:
        print(f"{RUN_MODULE_FLAG}: expected one of {', '.join(sorted(RUNNABLE))}", file=sys.stderr)
        return 2
    module = argv[2]
    sys.argv = [module, *argv[3:]]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0
