"""``python -m magi_desktop``: same as the ``magi-desktop`` command."""

import sys

from .app import main

if __name__ == "__main__":  # the engine process (spawn) imports this module too
    sys.exit(main())
