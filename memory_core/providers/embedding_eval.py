"""Measure an embedder on bilingual paraphrase triples (a command, not a test).

For each (text, paraphrase, unrelated) triple: is cos(text, paraphrase) > cos(text, unrelated)?
Prints the win rate and the mean margin per language, and the embedding speed, for the
hashing embedder and, when the extra is installed, the packaged sentence model — both measured
in the same run.

Run: ``python -m memory_core.providers.embedding_eval tests/providers/paraphrase_pairs.json``
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np


def score(embedder: Any, triples: list[list[str]]) -> dict[str, float]:
    flat = [t for triple in triples for t in triple]
    vecs = embedder.embed(flat).reshape(len(triples), 3, -1)
    para = np.einsum("nd,nd->n", vecs[:, 0], vecs[:, 1])
    unrel = np.einsum("nd,nd->n", vecs[:, 0], vecs[:, 2])
    return {"win_rate": float((para > unrel).mean()), "mean_paraphrase_cos": float(para.mean()),
            "mean_unrelated_cos": float(unrel.mean()), "mean_margin": float((para - unrel).mean())}


def speed(embedder: Any, texts: list[str], repeat: int = 3) -> float:
    embedder.embed(texts[:4])  # warm-up
    t0 = time.perf_counter()
    for _ in range(repeat):
        embedder.embed(texts)
    return repeat * len(texts) / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    from .hashing_embedder import HashingEmbedder
    from .sentence_model import SentenceModelUnavailable, load_sentence_embedder

    args = argv if argv is not None else sys.argv[1:]
    path = Path(args[0] if args else "tests/providers/paraphrase_pairs.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    embedders: dict[str, Any] = {"hashing": HashingEmbedder()}
    try:
        t0 = time.perf_counter()
        embedders["minilm"] = load_sentence_embedder()
        print(f"minilm load: {time.perf_counter() - t0:.2f} s")
    except SentenceModelUnavailable as exc:
        print(f"minilm: skipped ({exc})")
    all_texts = [t for lang in ("en", "zh") for triple in data[lang] for t in triple]
    for name, emb in embedders.items():
        row = {lang: score(emb, data[lang]) for lang in ("en", "zh")}
        row["texts_per_s"] = round(speed(emb, all_texts), 1)
        print(name, json.dumps(row, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
