"""Entry script for the frozen app (PyInstaller): ``magi-desktop`` as one executable.

``freeze_support`` must run first: the engine runs in a child process started with the
``spawn`` method, which in a frozen app re-executes this same executable. The same executable
also serves the app's other child processes (the retrieval eval): ``--run-module MODULE ARGS``
runs that module instead of the app (``magi_desktop/child_command.py``).
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from magi_desktop.child_command import run_requested_module

    code = run_requested_module(sys.argv)
    if code is not None:
        sys.exit(code)
    from magi_desktop.app import main

    sys.exit(main())
