"""``python -m magi_desktop``: same as the ``magi-desktop`` command."""

import sys

from .app import main

sys.exit(main())
