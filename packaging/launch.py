"""Entry script for the frozen app (PyInstaller): ``magi-desktop`` as one executable.

``freeze_support`` must run first: the engine runs in a child process started with the
``spawn`` method, which in a frozen app re-executes this same executable.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from magi_desktop.app import main

    sys.exit(main())
