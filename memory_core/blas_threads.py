"""OpenBLAS thread count for a stretch of batch work (the CLI's derived-layer drain).

numpy's OpenBLAS starts one thread per core and lets them spin after each call; the derived
layers only make small matrix products (the retrieval prefilter's codes, norms), so on two
cores the second thread burnt a core for nothing: 47 s of CPU for a 29 s drain of 20k events,
and 28.7 s with ``OPENBLAS_NUM_THREADS=1`` (docs/benchmarks.md). The environment variable
only works before numpy is imported and would hold for the whole process — also for the app's
query threads, whose prefilter products may gain from a second thread. So the count is set
through OpenBLAS's own ``openblas_set_num_threads`` around the drain and put back after it.

OpenBLAS keeps *one* count per process: while the block runs, every thread's BLAS calls are
single-threaded. That is why only single-purpose batch callers use it (``magi-memory
ingest``, ``bench derived``), never the app's background workers. Without an OpenBLAS that
exports the functions (another BLAS, another platform) it does nothing.
"""

from __future__ import annotations

import ctypes
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator


#: exported names of (get, set) in the OpenBLAS builds numpy ships or links
_SYMBOLS = (("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
            ("scipy_openblas_get_num_threads", "scipy_openblas_set_num_threads"),
            ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
            ("openblas_get_num_threads", "openblas_set_num_threads"))


def _loaded_openblas() -> list[str]:
    """Paths of the OpenBLAS libraries mapped into this process (Linux: /proc/self/maps)."""
    import numpy  # noqa: F401 - loads numpy's BLAS first

    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return []
    paths = {line.split()[-1] for line in maps.splitlines() if "openblas" in line.lower() and "/" in line}
    return sorted(p for p in paths if p.startswith("/"))


@lru_cache(maxsize=1)
def _functions() -> tuple[ctypes._CFuncPtr, ctypes._CFuncPtr] | None:  # type: ignore[name-defined]
    for path in _loaded_openblas():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for get_name, set_name in _SYMBOLS:
            get_fn, set_fn = getattr(lib, get_name, None), getattr(lib, set_name, None)
            if get_fn is not None and set_fn is not None:
                get_fn.restype, get_fn.argtypes = ctypes.c_int, []
                set_fn.restype, set_fn.argtypes = None, [ctypes.c_int]
                return get_fn, set_fn
    return None


def blas_threads() -> int | None:
    """OpenBLAS's current thread count, or None without a controllable OpenBLAS."""
    fns = _functions()
    return int(fns[0]()) if fns is not None else None


@contextmanager
def limited_blas_threads(n: int = 1) -> Iterator[int | None]:
    """Run the block with at most ``n`` OpenBLAS threads (process-wide, see the module
    docstring); yields the count it restores afterwards (None: nothing to control)."""
    fns = _functions()
    if fns is None:
        yield None
        return
    get_fn, set_fn = fns
    before = int(get_fn())
    if before <= n:
        yield before
        return
    set_fn(n)
    try:
        yield before
    finally:
        set_fn(before)
