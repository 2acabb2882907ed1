"""Retrieval evaluations on public long-term-memory benchmarks (LongMemEval, LoCoMo) and the
latency / vector-recall measurements. Commands: ``magi-memory eval ...`` (``cli/eval.py``).

The data is never copied into the repository: every runner takes the path of a downloaded file.
"""
