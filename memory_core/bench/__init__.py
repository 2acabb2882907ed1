"""Benchmarks and the long reliability runs (commands, not tests).

* ``generator`` — deterministic synthetic memory (bilingual chat, tool calls, sensor bursts)
* ``raw_baseline`` — plain SQLite table + FTS5 with the same rows and pragmas (the yardstick)
* ``ingest_bench`` / ``query_bench`` / ``vector_tradeoff`` — the measurements of one corpus size
* ``runner`` — one size in its own process (so peak RSS is that size's), ``report`` — table, JSON, PNG
* ``crash_child`` / ``reliability`` / ``fuzz`` — SIGKILL, replay, fault and fuzz runs
"""
