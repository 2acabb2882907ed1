"""The ``magi-memory`` command line."""
