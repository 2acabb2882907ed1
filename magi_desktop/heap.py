"""The UI process's garbage collector, kept out of the UI thread's way.

CPython's full collections scan every tracked object, on whichever thread happens to allocate,
holding the GIL. The UI process holds ~75k tracked objects once its imports are done (Qt
wrappers, pyqtgraph, numpy, the engine's modules) and a full collection of them took ~40 ms; with
the timeline's rows ~95 ms. Measured during a fast scroll through 100k rows: a reader thread's
collection (49–94 ms, freeing nothing) stalled the UI thread for as long. What is alive once the
window is built lives as long as the app, so it is moved to the permanent generation; later
collections scan only what was created since.
"""

from __future__ import annotations

import gc


def settle_heap() -> int:
    """Collect the start-up garbage, then freeze what is alive; returns how many objects that is."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
