"""Magi memory engine: an evidence pipeline on one SQLite file.

Importable as a library (``MemoryEngine``) and usable from the ``magi-memory`` CLI. No Qt here.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
